/** What other pages may ask of /auth through the route state: where to go after sign-in, which view to open. */
export interface AuthRouteState {
  from?: string;
  /** 'forgot': open on the forgot-password form (a dead reset link's way to a new one) */
  view?: 'forgot';
}

/** The route state that opens /auth on its forgot-password form. */
export const FORGOT_PASSWORD_ROUTE_STATE: AuthRouteState = { view: 'forgot' };
