import { useLocation } from 'wouter';

/**
 * Navigates to a route of the whole app from inside the Sync screen: the screen is nested under
 * /sync, where wouter reads a path as relative to it unless it starts with "~".
 */
export function useAppNavigate(): (route: string) => void {
  const [, navigate] = useLocation();
  return (route) => navigate(`~${route}`);
}
