export { AccessChangeSchema, CHANGE_STAFF_ACCESS, changeStaffAccessIn, type AccessChange } from './access';
