/** The English catalog, whole: the source every other language is checked against, and the messages' type. */
import account from './account.json';
import activity from './activity.json';
import allocations from './allocations.json';
import booking from './booking.json';
import common from './common.json';
import delegates from './delegates.json';
import entities from './entities.json';
import identity from './identity.json';
import login from './login.json';
import markets from './markets.json';
import overview from './overview.json';
import reservations from './reservations.json';
import settings from './settings.json';
import shell from './shell.json';
import team from './team.json';
import ui from './ui.json';
import venues from './venues.json';

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
};

export default en;
export type Messages = typeof en;
