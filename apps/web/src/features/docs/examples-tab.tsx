import {
  type ApiEndpointDoc,
  codeExample,
  findEndpoint,
  linkedinNextPageExample,
  PAGINATION_TOKEN_PLACEHOLDER,
  SERVICE_COST,
  TASK_ID_PLACEHOLDER,
} from '@conduit/contracts';
import type { ReactNode } from 'react';
import { CodeBlock } from './code-block.tsx';
import { useBaseUrl, useDocsSettings } from './docs-context.ts';
import { Code, DocSection } from './docs-prose.tsx';

interface FlowStep {
  label: string;
  text: ReactNode;
  endpoint: ApiEndpointDoc;
}

interface Flow {
  id: string;
  title: string;
  intro: ReactNode;
  steps: FlowStep[];
}

const FLOWS: Flow[] = [
  {
    id: 'video-flow',
    title: 'Create a video, then poll its status',
    intro: (
      <>
        Video generation takes a minute or more, so the call answers a <Code>taskId</Code> at once.
      </>
    ),
    steps: [
      {
        label: 'Step 1: start the video',
        text: (
          <>
            Start the task; the answer's <Code>data.taskId</Code> names it and {SERVICE_COST.video} credits
            are taken.
          </>
        ),
        endpoint: findEndpoint('createVideo'),
      },
      {
        label: 'Step 2: poll the video status',
        text: (
          <>
            Put the task id in place of <Code>{TASK_ID_PLACEHOLDER}</Code> and ask every 5-10 seconds until{' '}
            <Code>data.status</Code> is <Code>completed</Code> (download <Code>data.videoUrls</Code>) or{' '}
            <Code>failed</Code> (the credits are back on your balance).
          </>
        ),
        endpoint: findEndpoint('getVideoStatus'),
      },
    ],
  },
  {
    id: 'image-flow',
    title: 'Generate an image',
    intro: <>The image call waits for the file and answers its URL.</>,
    steps: [
      {
        label: 'Step 1: generate the image',
        text: (
          <>
            A <Code>200</Code> answer carries <Code>data.resultUrls</Code>. A <Code>202</Code> means the image
            took longer than the wait: keep its <Code>data.taskId</Code> for step 2.
          </>
        ),
        endpoint: findEndpoint('generateImage'),
      },
      {
        label: 'Step 2: poll the image status (after a 202)',
        text: (
          <>
            Replace <Code>{TASK_ID_PLACEHOLDER}</Code> with that task id and ask until{' '}
            <Code>data.status</Code> is no longer <Code>processing</Code>.
          </>
        ),
        endpoint: findEndpoint('getImageStatus'),
      },
    ],
  },
  {
    id: 'linkedin-flow',
    title: 'LinkedIn: page through posts',
    intro: (
      <>
        Each request answers one page of posts ({SERVICE_COST.linkedin} credits) and a token for the next
        page.
      </>
    ),
    steps: [
      {
        label: 'Step 1: the profile and the first page',
        text: (
          <>
            The answer holds <Code>data.profile</Code>, <Code>data.posts</Code> and{' '}
            <Code>data.pagination_token</Code>, which is <Code>null</Code> on the last page.
          </>
        ),
        endpoint: findEndpoint('scrapeLinkedin'),
      },
      {
        label: 'Step 2: the next page',
        text: (
          <>
            Send the same body with the token in place of <Code>{PAGINATION_TOKEN_PLACEHOLDER}</Code>; repeat
            while the answer carries a token.
          </>
        ),
        endpoint: linkedinNextPageExample(),
      },
    ],
  },
];

/** Complete flows, each step rendered by the catalogue's codeExample with the chosen key. */
export function ExamplesTab() {
  const { apiKey } = useDocsSettings();
  const baseUrl = useBaseUrl();
  return (
    <div className="space-y-14">
      {FLOWS.map((flow) => (
        <DocSection key={flow.id} id={flow.id} title={flow.title}>
          <p>{flow.intro}</p>
          <ol className="space-y-8">
            {flow.steps.map((step) => (
              <li key={step.label} className="space-y-3">
                <h3 className="font-semibold text-fg">{step.label}</h3>
                <p>{step.text}</p>
                <CodeBlock
                  label={step.label}
                  codeFor={(language) => codeExample(step.endpoint, language, { baseUrl, apiKey })}
                />
              </li>
            ))}
          </ol>
        </DocSection>
      ))}
    </div>
  );
}
