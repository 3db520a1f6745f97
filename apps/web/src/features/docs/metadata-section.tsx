import { METADATA_LIMITS } from '@conduit/contracts';
import { Code, DocSection } from './docs-prose.tsx';

const L = METADATA_LIMITS;

/** Overview's "Metadata" (docs/product.md, "Metadata"): the limits, where it shows, filters and spend. */
export function MetadataSection() {
  return (
    <DocSection id="metadata" title="Metadata: who each call was for">
      <p>
        Every paid call takes <Code>metadata</Code>, your own labels for it:{' '}
        <Code>{'{"customer": "acme", "order": "ord_42"}'}</Code>. At most {L.maxKeys} keys, each up to{' '}
        {L.keyMaxLength} characters (no square brackets), with string values up to {L.valueMaxLength}{' '}
        characters. Anything else is refused with <Code>400 VALIDATION_FAILED</Code> naming{' '}
        <Code>metadata</Code>, before anything is charged. On <Code>/v1</Code> it is the body's{' '}
        <Code>metadata</Code> object, as OpenAI's own APIs take it (in a multipart form,{' '}
        <Code>metadata[customer]=acme</Code> fields).
      </p>
      <p>
        It comes back as <Code>metadata</Code> (<Code>{'{}'}</Code> when none was sent) in the call's answer,{' '}
        <Code>GET /api/provider/tasks/{'{taskId}'}</Code> and the status endpoints, the task list, every event
        and webhook of the task, the request log and the usage CSV (a <Code>metadata</Code> column of JSON).
        The task list and the request log take <Code>metadata[customer]=acme</Code> in the query (repeat it
        for several keys; every pair must match).
      </p>
      <p>
        <Code>GET /api/provider/usage?groupBy=metadata.customer</Code> answers the calls and credits (charged
        less refunded) of each value of the key, with optional <Code>from</Code>, <Code>to</Code> (a date,
        which <Code>to</Code> includes, or a date-time) and <Code>service</Code>; calls without the key are
        under <Code>value: null</Code>. How many credits did customer acme use this month? One request:{' '}
        <Code>GET /api/provider/usage?groupBy=metadata.customer&amp;from=2026-12-01</Code>, and read the row
        whose <Code>value</Code> is <Code>acme</Code>.
      </p>
    </DocSection>
  );
}
