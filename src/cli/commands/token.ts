import { TokenStore } from '../../store/tokens.js';
import type { Command } from '../command.js';
import type { Context } from '../context.js';
import { dataFolder } from '../open.js';
import { describeSettings, resolveSettings } from '../settings.js';

/**
 * `quarry token create|list|revoke`: API tokens in a data folder, as Strapi's admin panel makes
 * them. They work on a server already running over the folder: it looks tokens up in LMDB and
 * notices changes at the next request.
 */

const CREATE_SETTINGS = ['data', 'tokenName', 'tokenType'] as const;
const LIST_SETTINGS = ['data'] as const;
const REVOKE_SETTINGS = ['data', 'tokenName'] as const;

export const tokenCreateCommand: Command = {
  name: 'token create',
  summary: 'Make an API token (read-only or full-access) and print it, once',
  positionals: [],
  settings: CREATE_SETTINGS,
  details: `
Prints the new token on stdout, alone on its line: it is shown only this once (the folder keeps
a SHA-256 of it). Send it as \`Authorization: Bearer <token>\`. A read-only token may read; a
full-access token may also write. Names are unique.

Example:
  quarry token create --name deploy --type full-access --data .quarry/mine
`,
  async run(args, ctx) {
    const s = resolveSettings(CREATE_SETTINGS, args.flags, ctx.env);
    ctx.stderr.write(describeSettings(this.name, s));
    return withTokens(s.data.value, ctx, false, (tokens) => {
      const { token, record } = tokens.create(s.tokenName.value, s.tokenType.value);
      ctx.stderr.write(`Token "${record.name}" (${record.type}) created. Copy it now: it cannot be shown again.\n`);
      ctx.stdout.write(`${token}\n`);
    });
  },
};

export const tokenListCommand: Command = {
  name: 'token list',
  summary: 'List the API tokens of a data folder (never the tokens themselves)',
  positionals: [],
  settings: LIST_SETTINGS,
  details: `
One line per token: id, name, type and creation time, tab-separated.

Example:
  quarry token list --data .quarry/mine
`,
  async run(args, ctx) {
    const s = resolveSettings(LIST_SETTINGS, args.flags, ctx.env);
    return withTokens(s.data.value, ctx, true, (tokens) => {
      for (const t of tokens.list()) ctx.stdout.write(`${t.id}\t${t.name}\t${t.type}\t${t.createdAt}\n`);
    });
  },
};

export const tokenRevokeCommand: Command = {
  name: 'token revoke',
  summary: 'Delete an API token by name: requests with it get 401 from then on',
  positionals: [],
  settings: REVOKE_SETTINGS,
  details: `
A server running over the folder refuses the token from its next request on. A name the
folder does not hold (revoked already, or never made) is an error: exit 1.

Example:
  quarry token revoke --name deploy --data .quarry/mine
`,
  async run(args, ctx) {
    const s = resolveSettings(REVOKE_SETTINGS, args.flags, ctx.env);
    return withTokens(s.data.value, ctx, true, (tokens) => {
      const revoked = tokens.revoke(s.tokenName.value);
      // The command line is right; the folder holds no such token (never made, or revoked already).
      if (revoked === undefined) throw new Error(`no token named "${s.tokenName.value}" in ${s.data.text}: it was revoked already or never made (\`quarry token list\` shows the tokens)`);
      ctx.stderr.write(`Token "${revoked.name}" (${revoked.type}) revoked.\n`);
    });
  },
};

/** Opens the folder's tokens, runs `fn`, closes them. `mustExist`: listing or revoking in a folder that is not there is a mistake. */
async function withTokens(data: string, ctx: Context, mustExist: boolean, fn: (tokens: TokenStore) => void): Promise<number> {
  const tokens = TokenStore.open(dataFolder(data, ctx.cwd, mustExist));
  try {
    fn(tokens);
  } finally {
    await tokens.close();
  }
  return 0;
}
