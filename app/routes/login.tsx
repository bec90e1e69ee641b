import { useSearchParams } from 'react-router';
import { PlaceholderPage } from '#app/ui/placeholder-page.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/login';

const isRegister = (search: string) => new URLSearchParams(search).get('register') === 'true';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, isRegister(location.search) ? 'login.registerTitle' : 'login.title', 'login.description');

/** Spec section 2: sign-in; `?register=true` shows the registration variant. */
export default function LoginPage() {
  const [params] = useSearchParams();
  return (
    <PlaceholderPage
      titleKey={isRegister(`?${params.toString()}`) ? 'login.registerTitle' : 'login.title'}
      descriptionKey="login.description"
    />
  );
}
