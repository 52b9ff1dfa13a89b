import { hostConfig } from '@atrium/federation/rsbuild';

export default hostConfig({ root: import.meta.dirname, title: 'Atrium' });
