// The reference implementation's credentials: fresh random tokens per start, one
// principal each, as CONTRACT section 1 describes the credentials of a run.
import { randomBytes } from 'node:crypto';

export interface Principal {
  kind: 'admin' | 'member' | 'noScope' | 'otherWorkspace';
  workspace: string;
  scopes: readonly string[];
  workspaceAdmin: boolean;
  accountAdmin: boolean;
}

export const DEFAULT_WORKSPACE = 'default';
export const OTHER_WORKSPACE = 'other';

const token = (label: string) => `ref-${label}-${randomBytes(18).toString('base64url')}`;

/** The member's scopes: its reads of every workspace resource (the variant member-lists-functions-only: functions:list alone). */
const MEMBER_SCOPES = ['functions:list', 'sandboxes:get', 'sandboxes:list', 'customdomains:list'];

export class Identities {
  readonly admin = token('admin');
  readonly member = token('member');
  readonly noScope = token('noscope');
  readonly otherWorkspace = token('other');
  private readonly principals: Map<string, Principal>;

  constructor(memberScopes: readonly string[] = MEMBER_SCOPES) {
    this.principals = new Map<string, Principal>([
      [this.admin, { kind: 'admin', workspace: DEFAULT_WORKSPACE, scopes: ['admin'], workspaceAdmin: true, accountAdmin: true }],
      [
        this.member,
        {
          kind: 'member',
          workspace: DEFAULT_WORKSPACE,
          scopes: memberScopes,
          workspaceAdmin: false,
          accountAdmin: false,
        },
      ],
      [this.noScope, { kind: 'noScope', workspace: DEFAULT_WORKSPACE, scopes: [], workspaceAdmin: false, accountAdmin: false }],
      [this.otherWorkspace, { kind: 'otherWorkspace', workspace: OTHER_WORKSPACE, scopes: ['admin'], workspaceAdmin: true, accountAdmin: true }],
    ]);
  }

  /** The principal of an `Authorization` header value, or undefined when it is missing or invalid; `anyCase`: the scheme's case ignored (undescribed-inputs-served). */
  resolve(authorization: string | undefined, anyCase = false): Principal | undefined {
    const match = (anyCase ? /^Bearer (\S+)$/i : /^Bearer (\S+)$/).exec(authorization ?? '');
    return match ? this.principals.get(match[1]!) : undefined;
  }
}
