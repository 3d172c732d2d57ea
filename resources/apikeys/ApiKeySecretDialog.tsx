import { SecretOnceDialog } from '../../src/components/SecretOnceDialog';

/** The new key's secret, shown this once, with a copy button. */
export function ApiKeySecretDialog({ created, onClose }: { created: { name: string; secret: string } | undefined; onClose: () => void }) {
  return (
    <SecretOnceDialog secret={created?.secret} prefix="apikeys" values={{ name: created?.name ?? '' }} testId="api-key-secret" onClose={onClose} />
  );
}
