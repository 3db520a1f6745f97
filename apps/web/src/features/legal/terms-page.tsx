import { PRODUCT_NAME } from '@conduit/contracts';
import { LegalDocument } from './legal-document.tsx';
import { TERMS_SECTIONS } from './terms-sections.tsx';

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      sections={TERMS_SECTIONS}
      intro={
        <p>
          These terms govern your use of the {PRODUCT_NAME} website, dashboard and API. By creating an account
          or calling the API you agree to them. Please read them together with our Privacy Policy.
        </p>
      }
    />
  );
}
