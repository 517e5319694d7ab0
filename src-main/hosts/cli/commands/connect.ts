import type { CliCommand } from '../command';
import { UsageError } from '../context';
import { parseCommand } from '../flags';
import { writeStderr } from '../output';

export const connectCommand: CliCommand = {
  path: ['connect'],
  usage: 'station [--data DIR] connect --sandbox | --base-url URL --api-key KEY --org ORG_ID --team TEAM_ID [--locale L] [--declared-actor NAME] [--name NAME]',
  summary: 'Connect to the embedded sandbox or a remote service (the API key goes to a 0600 file, never to output).',
  async run(ctx, args) {
    const { values } = parseCommand(args, {
      command: 'connect',
      options: {
        sandbox: { type: 'boolean' },
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        org: { type: 'string' },
        team: { type: 'string' },
        locale: { type: 'string' },
        'declared-actor': { type: 'string' },
        name: { type: 'string' },
      },
    });
    const remote = values['base-url'] !== undefined || values['api-key'] !== undefined;
    if (values.sandbox && remote) throw new UsageError('Give either --sandbox or --base-url/--api-key/--org/--team, not both.');
    let input: Record<string, unknown>;
    if (values.sandbox) {
      input = { kind: 'sandbox', ...(values.name ? { name: values.name } : {}) };
    } else {
      const missing = (['base-url', 'api-key', 'org', 'team'] as const).filter((k) => !values[k]);
      if (missing.length)
        throw new UsageError(
          `connect needs --sandbox, or all of --base-url, --api-key, --org and --team (missing ${missing.map((m) => `--${m}`).join(', ')}).`,
        );
      input = {
        kind: 'remote',
        baseUrl: values['base-url'],
        apiKey: values['api-key'],
        orgId: values.org,
        teamId: values.team,
        ...(values.locale ? { locale: values.locale } : {}),
        ...(values['declared-actor'] ? { declaredActor: values['declared-actor'] } : {}),
        ...(values.name ? { name: values.name } : {}),
      };
    }
    const profile = await ctx.call('profiles.connect', input);
    // Saved without reaching the service: said on stderr, so a script's JSON stays one document.
    if (profile.warning) writeStderr(`warning: ${profile.warning}\n`);
    ctx.print(
      profile,
      `connected: ${profile.name} (${profile.kind}, ${profile.baseUrl}); organization ${profile.orgId}, Team ${profile.teamId}${profile.keyChecked ? '' : ' (API key not checked yet)'}`,
    );
    return 0;
  },
};
