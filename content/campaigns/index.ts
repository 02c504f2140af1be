export { BLACK_FRIDAY } from './black-friday';
export { CHRISTMAS_SALE } from './christmas-sale';
export { BACK_TO_SCHOOL } from './back-to-school';
export { CAMPAIGN_TERMS } from './terms';
