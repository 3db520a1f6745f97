import {
  API_KEY_PLACEHOLDER,
  type ApiEndpointDoc,
  type CodeExampleOptions,
  pythonLiteral,
  TASK_ID_PLACEHOLDER,
} from './api-reference.ts';

/** The SDK's name for an API name: `createVideo` -> `create_video`, `aspectRatio` -> `aspect_ratio`. */
export const pythonName = (name: string) => name.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase();

/** Where the Python SDK lives in the repository, and what its README explains. */
export const PYTHON_SDK_PACKAGE = 'packages/python';

/**
 * The same call as codeExample's, made with the Python SDK (`conduitapi`): runnable as written once
 * the package is installed, printing the answer as JSON. The doc-example tests run it.
 */
export function pythonSdkExample(
  endpoint: Pick<ApiEndpointDoc, 'id' | 'path' | 'exampleBody' | 'exampleQuery'>,
  options: CodeExampleOptions,
): string {
  const [first, ...rest] = Object.entries(endpoint.exampleBody ?? {});
  const args: string[] = [];
  if (endpoint.path.includes('{taskId}')) args.push(JSON.stringify(options.taskId ?? TASK_ID_PLACEHOLDER));
  if (first) args.push(pythonLiteral(first[1]));
  for (const [name, value] of rest) args.push(`${pythonName(name)}=${pythonLiteral(value)}`);
  // A query parameter is a keyword argument; `from` is a Python keyword, so the SDK says `from_`.
  for (const pair of endpoint.exampleQuery?.split('&') ?? []) {
    const [name = '', value = ''] = pair.split('=').map(decodeURIComponent);
    args.push(`${pythonName(name)}${name === 'from' ? '_' : ''}=${pythonLiteral(value)}`);
  }
  return [
    'import dataclasses',
    'import json',
    '',
    'from conduitapi import Conduit',
    '',
    `conduit = Conduit(api_key=${JSON.stringify(options.apiKey ?? API_KEY_PLACEHOLDER)}, base_url=${JSON.stringify(options.baseUrl)})`,
    `result = conduit.${pythonName(endpoint.id)}(${args.join(', ')})`,
    'print(json.dumps(dataclasses.asdict(result), indent=2))',
  ].join('\n');
}
