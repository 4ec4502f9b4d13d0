import { describeFaultsOf } from '../support/fault-matrix.ts';

describeFaultsOf('metrics', 'existing');
