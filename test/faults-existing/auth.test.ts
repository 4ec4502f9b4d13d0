import { describeFaultsOf } from '../support/fault-matrix.ts';

describeFaultsOf('auth', 'existing');
