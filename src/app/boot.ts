/**
 * The page's entry (index.html). The model worker, the runtime's compile and the model's download are most
 * of the first map's time: this small module starts them, then loads the app (React and its panels: ~0.5 MB;
 * three.js and the 3D views follow the first map, ui/Views3D.tsx), which runs while they do. Started from
 * main.tsx they waited until all of the app's modules had been evaluated (~1.2 s on two cores).
 */
import { loadShippedModel } from './compute/modelLoad';

void loadShippedModel().catch(() => undefined);
void import('./main');
