import { DataTable } from '../../components/DataTable';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StationStatus } from '../../../../src-shared/ipc';
import { ErrorNote } from '../../components/ErrorNote';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';

// Connect: the embedded sandbox in one click, or a remote service with
// its base URL and a Service Account's API key. The key only ever travels inward; after saving
// it is never shown again (no command returns it).

export function ConnectScreen({ status, onConnected }: { status: StationStatus | undefined; onConnected: () => void }) {
  const { t, i18n } = useTranslation();
  const profiles = useCommandQuery('profiles.list', {});
  const connect = useCommandMutation('profiles.connect', ['profiles.list', 'reels.list']);
  const select = useCommandMutation('profiles.select', ['profiles.list', 'reels.list']);
  // Organizations and Teams the key may act as (/me and /teams), read before anything is saved.
  const discover = useCommandMutation('profiles.discover');
  const organizations = discover.data?.organizations;
  const [remote, setRemote] = useState({ name: '', baseUrl: '', apiKey: '', orgId: '', teamId: '' });
  const chosenOrg = organizations?.find((o) => o.orgId === remote.orgId);
  // Saved while the service could not be reached: the key is tried at the first sync. Said before moving on.
  const [unchecked, setUnchecked] = useState<string | null>(null);

  const submitRemote = (e: FormEvent) => {
    e.preventDefault();
    connect.mutate(
      {
        kind: 'remote',
        baseUrl: remote.baseUrl,
        apiKey: remote.apiKey,
        orgId: remote.orgId,
        teamId: remote.teamId,
        locale: i18n.language,
        ...(remote.name ? { name: remote.name } : {}),
      },
      {
        onSuccess: (result) => {
          // The key leaves the form at once: it is stored by the station and never shown again.
          setRemote((r) => ({ ...r, apiKey: '' }));
          if (result.warning) setUnchecked(result.warning);
          else onConnected();
        },
      },
    );
  };

  return (
    <section aria-labelledby="connect-title" className="stack">
      <h2 id="connect-title">{t('connect.title')}</h2>
      {status?.profile ? (
        <p role="status">
          {t('connect.current', { name: status.profile.name, baseUrl: status.profile.baseUrl })}{' '}
          {status.profile.teamId ? (
            <span data-testid="connect-team">
              {t('connect.currentTeam', {
                team: status.profile.teamName ?? status.profile.teamId,
                organization: status.profile.orgName ?? status.profile.orgId ?? '–',
              })}
            </span>
          ) : null}
        </p>
      ) : null}

      <section className="card" aria-labelledby="connect-sandbox">
        <h3 id="connect-sandbox">{t('connect.sandboxTitle')}</h3>
        <p>{t('connect.sandboxHelp')}</p>
        <button
          type="button"
          className="primary big"
          disabled={connect.isPending}
          onClick={() => connect.mutate({ kind: 'sandbox' }, { onSuccess: onConnected })}
        >
          {t('connect.useSandbox')}
        </button>
      </section>

      <section className="card" aria-labelledby="connect-remote">
        <h3 id="connect-remote">{t('connect.remoteTitle')}</h3>
        <form onSubmit={submitRemote} className="form-grid">
          <label>
            {t('connect.name')}
            <input value={remote.name} onChange={(e) => setRemote({ ...remote, name: e.target.value })} />
          </label>
          <label>
            {t('connect.baseUrl')}
            <input type="url" required value={remote.baseUrl} placeholder="https://" onChange={(e) => setRemote({ ...remote, baseUrl: e.target.value })} />
          </label>
          <label>
            {t('connect.apiKey')}
            <input type="password" required autoComplete="off" value={remote.apiKey} onChange={(e) => setRemote({ ...remote, apiKey: e.target.value })} />
          </label>
          <button
            type="button"
            disabled={discover.isPending || !remote.baseUrl || !remote.apiKey}
            onClick={() =>
              discover.mutate(
                { baseUrl: remote.baseUrl, apiKey: remote.apiKey },
                {
                  onSuccess: ({ organizations: found }) => {
                    const org = found[0];
                    setRemote((r) => ({ ...r, orgId: org?.orgId ?? '', teamId: org?.teams[0]?.teamId ?? '' }));
                  },
                },
              )
            }
          >
            {t('connect.discover')}
          </button>
          {organizations ? (
            <>
              <label>
                {t('connect.organization')}
                <select
                  required
                  value={remote.orgId}
                  onChange={(e) =>
                    setRemote({ ...remote, orgId: e.target.value, teamId: organizations.find((o) => o.orgId === e.target.value)?.teams[0]?.teamId ?? '' })
                  }
                >
                  {organizations.map((o) => (
                    <option key={o.orgId} value={o.orgId}>
                      {o.name}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('connect.team')}
                <select required value={remote.teamId} onChange={(e) => setRemote({ ...remote, teamId: e.target.value })}>
                  {(chosenOrg?.teams ?? []).map((team) => (
                    <option key={team.teamId} value={team.teamId}>
                      {team.name}
                    </option>
                  ))}
                </select>
              </label>
              {organizations.length === 0 ? <p role="alert">{t('connect.noOrganizations')}</p> : null}
            </>
          ) : (
            <>
              <p className="hint">{t('connect.discoverHint')}</p>
              <label>
                {t('connect.orgId')}
                <input required value={remote.orgId} onChange={(e) => setRemote({ ...remote, orgId: e.target.value })} />
              </label>
              <label>
                {t('connect.teamId')}
                <input required value={remote.teamId} onChange={(e) => setRemote({ ...remote, teamId: e.target.value })} />
              </label>
            </>
          )}
          <p className="hint">{t('connect.pickersHint')}</p>
          <button type="submit" className="primary" disabled={connect.isPending}>
            {t('connect.saveAndConnect')}
          </button>
        </form>
      </section>
      {unchecked ? (
        <div role="alert" className="card">
          <p>{t('connect.keyUnchecked', { warning: unchecked })}</p>
          <button type="button" className="primary" onClick={onConnected}>
            {t('connect.continue')}
          </button>
        </div>
      ) : null}
      <ErrorNote error={connect.error ?? discover.error ?? select.error} />

      <section className="card" aria-labelledby="connect-saved">
        <h3 id="connect-saved">{t('connect.savedTitle')}</h3>
        {profiles.data && profiles.data.profiles.length > 0 ? (
          <DataTable
            label={t('connect.savedTitle')}
            rows={profiles.data.profiles}
            rowKey={(p) => p.profileId}
            columns={[
              { key: 'name', header: t('connect.name'), rowHeader: true, cell: (p) => p.name },
              { key: 'kind', header: t('connect.kind'), cell: (p) => t(`connect.kinds.${p.kind}`) },
              { key: 'baseUrl', header: t('connect.baseUrl'), cell: (p) => p.baseUrl },
              // By name; the id (what support asks for) is its title.
              { key: 'team', header: t('connect.team'), title: (p) => p.teamId ?? undefined, cell: (p) => p.teamName ?? p.teamId ?? '–' },
              { key: 'org', header: t('connect.organization'), title: (p) => p.orgId ?? undefined, cell: (p) => p.orgName ?? p.orgId ?? '–' },
              {
                key: 'actions',
                header: t('common.actions'),
                className: 'actions',
                cell: (p) => (
                  <>
                    {profiles.data.activeProfileId === p.profileId ? (
                      <span className="tag ok">✓ {t('connect.active')}</span>
                    ) : (
                      <button type="button" onClick={() => select.mutate({ profileId: p.profileId })} aria-label={t('connect.useProfile', { name: p.name })}>
                        {t('connect.use')}
                      </button>
                    )}
                  </>
                ),
              },
            ]}
          />
        ) : (
          <p>{t('connect.noProfiles')}</p>
        )}
        <ErrorNote error={profiles.error} />
      </section>
    </section>
  );
}
