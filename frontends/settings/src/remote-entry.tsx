// The one module this remote exposes (`settings/Module`): the settings area, with its styles.
import './styles.css';
import { RemoteScope } from './remote-scope';
import { SettingsModule } from './settings-module';

export default function SettingsRemote() {
  return (
    <RemoteScope>
      <SettingsModule />
    </RemoteScope>
  );
}
