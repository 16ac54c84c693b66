import { Navigate, Route, Routes } from 'react-router-dom';
import { RULES_PATH } from './paths';
import { RulesPage } from './rules/rules-page';

/**
 * The remote's routes below the shell's mount (`/shipping-rules/*`): the index is the screen;
 * anything else goes back to it (replacing the history entry).
 */
export function RulesRoutes() {
  return (
    <Routes>
      <Route index element={<RulesPage />} />
      <Route path="*" element={<Navigate to={RULES_PATH} replace />} />
    </Routes>
  );
}
