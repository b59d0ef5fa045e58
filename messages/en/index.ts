/** The English catalog, whole: the source every other language is checked against, and the messages' type. */
import account from './account.json' with { type: 'json' };
import activity from './activity.json' with { type: 'json' };
import allocations from './allocations.json' with { type: 'json' };
import booking from './booking.json' with { type: 'json' };
import common from './common.json' with { type: 'json' };
import delegates from './delegates.json' with { type: 'json' };
import entities from './entities.json' with { type: 'json' };
import errors from './errors.json' with { type: 'json' };
import identity from './identity.json' with { type: 'json' };
import login from './login.json' with { type: 'json' };
import markets from './markets.json' with { type: 'json' };
import overview from './overview.json' with { type: 'json' };
import reservations from './reservations.json' with { type: 'json' };
import settings from './settings.json' with { type: 'json' };
import shell from './shell.json' with { type: 'json' };
import team from './team.json' with { type: 'json' };
import ui from './ui.json' with { type: 'json' };
import validation from './validation.json' with { type: 'json' };
import venues from './venues.json' with { type: 'json' };

const en = {
  common,
  ui,
  shell,
  overview,
  identity,
  delegates,
  venues,
  markets,
  entities,
  allocations,
  reservations,
  booking,
  team,
  activity,
  account,
  login,
  settings,
  validation,
  errors,
};

export default en;
export type Messages = typeof en;
