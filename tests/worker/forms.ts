/** A complete return request (the German edition's support page), for the tests that post one. */
export const RMA = {
  region: 'de',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  product: 'flagshipBumblebee',
  serial: 'fb-2024-000123',
  orderNumber: 'DE-100234',
  purchaseDate: '2024-11-30',
  store: 'Robolux Store DE',
  reason: 'defective',
  description: 'The left arm servo stops after a few seconds of the dance routine.',
};
