import type {
  AnonymousState,
  CreatedUserResponse,
  EmailNotifications,
  MessageAllowance,
  MessageResponse,
  Role,
  User,
  UserList,
  UserPermissions,
} from '@corestone/contracts';
import type { Locale } from '@corestone/contracts/locale';
import type { Transport } from '../transport';

export interface ProfilePatch {
  first_name?: string;
  last_name?: string;
  display_name?: string | null;
  user_type?: 'student' | 'teacher';
  /** Mail choices (issue 31): any subset; absent ones stay as they are. */
  email_notifications?: Partial<EmailNotifications>;
  /** The interface language (issue 36); null follows the school's default, then the browser. */
  locale?: Locale | null;
}

/** `POST /users/admin/create-user` (answered by auth: passwords never leave it). */
export interface CreateUserInput {
  first_name: string;
  last_name: string;
  email: string;
  /** Required unless `send_password_email` is true. */
  password?: string;
  /** Create the account without a password and mail its owner a password-set link instead. */
  send_password_email?: boolean;
  user_type: Role;
  essay_credits?: number;
  max_essay_credits?: number;
}

export interface AdminUserPatch {
  first_name?: string;
  last_name?: string;
  user_type?: Role;
  is_active?: boolean;
}

export interface UserListQuery {
  search?: string;
  role?: Role;
  limit?: number;
  offset?: number;
}

const userPath = (id: string, rest = '') => `/users/admin/users/${encodeURIComponent(id)}${rest}`;

/** `/users/*`: the own profile, and admin user management (spec user-app §7, admin §7 "Users"). */
export class UsersApi {
  constructor(private readonly t: Transport) {}

  async updateMe(patch: ProfilePatch): Promise<User> {
    const user = await this.t.request<User>('/users/me', { method: 'PUT', json: patch });
    this.t.tokens.setUser(user);
    return user;
  }

  updatePassword(current_password: string, new_password: string): Promise<MessageResponse> {
    return this.t.request<MessageResponse>('/users/update-password', { method: 'PUT', json: { current_password, new_password } });
  }

  async uploadAvatar(file: Blob & { name?: string }): Promise<User> {
    const user = await this.t.request<User>('/users/me/avatar', {
      method: 'POST',
      body: () => {
        const fd = new FormData();
        fd.append('file', file, file.name ?? 'avatar');
        return fd;
      },
    });
    this.t.tokens.setUser(user);
    return user;
  }

  async removeAvatar(): Promise<User> {
    const user = await this.t.request<User>('/users/me/avatar', { method: 'DELETE' });
    this.t.tokens.setUser(user);
    return user;
  }

  toggleAnonymous(enabled: boolean): Promise<AnonymousState> {
    return this.t.request<AnonymousState>('/users/toggle-anonymous', { method: 'POST', json: { enabled } });
  }

  canSendMessage(): Promise<MessageAllowance> {
    return this.t.request<MessageAllowance>('/users/can-send-message');
  }

  incrementMessageCount(): Promise<MessageAllowance> {
    return this.t.request<MessageAllowance>('/users/increment-message-count', { method: 'POST' });
  }

  permissions(): Promise<UserPermissions> {
    return this.t.request<UserPermissions>('/users/permissions');
  }

  // ------------------------------------------------------------ admin (admin, super_admin)

  list(query: UserListQuery = {}): Promise<UserList> {
    return this.t.request<UserList>('/users/users', { query: { ...query } });
  }

  create(input: CreateUserInput): Promise<CreatedUserResponse> {
    return this.t.request<CreatedUserResponse>('/users/admin/create-user', { method: 'POST', json: input });
  }

  get(id: string): Promise<User> {
    return this.t.request<User>(userPath(id));
  }

  update(id: string, patch: AdminUserPatch): Promise<User> {
    return this.t.request<User>(userPath(id), { method: 'PUT', json: patch });
  }

  remove(id: string): Promise<MessageResponse> {
    return this.t.request<MessageResponse>(userPath(id), { method: 'DELETE' });
  }

  /** super_admin only. */
  setRole(id: string, new_role: Role): Promise<User> {
    return this.t.request<User>(userPath(id, '/role'), { method: 'PUT', json: { new_role } });
  }

  setActive(id: string, is_active: boolean): Promise<User> {
    return this.t.request<User>(userPath(id, '/status'), { method: 'PUT', json: { is_active } });
  }

  setCredits(id: string, essay_credits: number, max_essay_credits: number): Promise<User> {
    return this.t.request<User>(userPath(id, '/credits'), { method: 'PUT', json: { essay_credits, max_essay_credits } });
  }

  setPersonas(id: string, assigned_personas: string[]): Promise<User> {
    return this.t.request<User>(userPath(id, '/personas'), { method: 'PUT', json: { assigned_personas } });
  }

  /** The caller's own OpenAI key (stored encrypted, answered masked); an empty key removes it. */
  setApiKey(api_key: string): Promise<User> {
    return this.t.request<User>('/users/admin/api-key', { method: 'PUT', json: { api_key } });
  }
}
