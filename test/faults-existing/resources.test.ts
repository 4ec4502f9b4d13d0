import { describeFaultsOf } from '../support/fault-matrix.ts';

describeFaultsOf('resources', 'existing');
