import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { SettingsPage } from './settings-page';
import { DEFAULT_SETTINGS_TAB, parseSettingsTab, settingsTabPath } from './tabs';

/**
 * The remote's own routes, below the shell's `/dashboard/settings/*` mount: the index shows the
 * default tab (team), `:tab` one of the four tabs, and anything else goes to the default tab's
 * path (replacing the history entry), so an unknown tab never shows its raw name.
 */
export function SettingsRoutes() {
  return (
    <Routes>
      <Route index element={<SettingsPage tab={DEFAULT_SETTINGS_TAB} />} />
      <Route path=":tab" element={<TabRoute />} />
      <Route path="*" element={<ToDefaultTab />} />
    </Routes>
  );
}

function TabRoute() {
  const tab = parseSettingsTab(useParams().tab);
  return tab ? <SettingsPage tab={tab} /> : <ToDefaultTab />;
}

function ToDefaultTab() {
  return <Navigate to={settingsTabPath(DEFAULT_SETTINGS_TAB)} replace />;
}
