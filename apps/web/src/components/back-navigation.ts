import { useNavigate } from 'react-router';

/** react-router keeps the entry's position in the app's history; 0 when the app was opened on this page. */
export function hasPreviousScreen(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** 'Wróć': the previous screen of the app, or the positions page when the app was opened here. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return () => (hasPreviousScreen() ? navigate(-1) : navigate('/positions', { replace: true }));
}
