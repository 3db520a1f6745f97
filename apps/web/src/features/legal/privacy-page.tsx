import { PRODUCT_NAME } from '@conduit/contracts';
import { LegalDocument } from './legal-document.tsx';
import { PRIVACY_SECTIONS } from './privacy-sections.tsx';

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      sections={PRIVACY_SECTIONS}
      intro={
        <p>
          This policy explains what personal information {PRODUCT_NAME} collects when you use our website,
          dashboard and API, why we collect it, who we share it with and the choices you have.
        </p>
      }
    />
  );
}
