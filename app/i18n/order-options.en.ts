/** English strings of a dish's choices and the guest's allergies (issue 35): the dish's page and the cart; spread into en.ts. */
export const orderOptionsEn = {
  orderOptions: {
    basePrice: 'Price',
    ruleExactlyOne: 'Choose one',
    ruleUpTo: 'Optional, up to {{max}}',
    ruleBetween: 'Choose between {{min}} and {{max}}',
    soldOut: 'sold out',
    contains: 'Contains: {{names}}',
    filteredMark: 'Contains what you hid: {{names}}',
    note: 'Note for the kitchen (optional)',
    noteHint: 'At most 140 characters, for example “no onion”.',
    quantity: 'Quantity',
    addToCart: 'Add to cart',
    notOrderable: 'This dish cannot be ordered now.',
    allergyLegend: 'Allergies the kitchen should know about (optional)',
    allergyWhy:
      'We send them to the kitchen with this order only, so it can prepare your dishes without them. This is data about your health: give it only if you want to; we erase it after 30 days, together with the contact details.',
    allergyNote: 'Anything else about allergies (optional)',
    allergyCheck: 'Check the cart',
    flagged: 'Warning: contains what you declared: {{names}}.',
  },
};
