/**
 * Calls this browser tab is canceling itself. The cancel's own answer says what happened and what
 * came back, so the live stream's "Call canceled" notice for the same call would say it twice.
 */
const canceling = new Set<string>();

export const markOwnCancel = (taskId: string) => void canceling.add(taskId);
export const forgetOwnCancel = (taskId: string) => void canceling.delete(taskId);
export const isOwnCancel = (taskId: string) => canceling.has(taskId);
