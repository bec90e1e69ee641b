import type { DeepStrings } from './ro.ts';
import type { restaurantsRo } from './restaurants.ro.ts';

/** English strings of a user's restaurants: the chooser, the admin's switcher, "Add a restaurant" (issue 24), spread into en.ts. */
export const restaurantsEn: DeepStrings<typeof restaurantsRo> = {
  restaurants: {
    add: 'Add a restaurant',
    all: 'All restaurants',
    chooser: {
      title: 'Your restaurants',
      description: 'The restaurants whose team you are on, with your role in each.',
      lead: 'Choose the restaurant you want to open.',
      empty: "You are not on any restaurant's team. Add a new one, or ask a restaurant's owner for an invitation.",
      role: 'Your role: {{role}}',
      listLabel: 'Restaurants',
    },
    switcher: {
      label: 'Switch restaurant',
      current: 'open now',
    },
    nav: {
      team: 'Team',
    },
    new: {
      title: 'Add a restaurant',
      description: 'A new restaurant with its own address, menu and plan; you are its owner.',
      lead: 'The new restaurant has its own address, menu and plan. You are its owner and can then invite your team.',
      name: 'Restaurant name',
      submit: 'Create the restaurant',
      back: 'Back to your restaurants',
      trialFirst: 'The restaurant gets the free trial of {{days}}, no card needed.',
      trialShared: 'There is one trial per person: the new restaurant shares yours, which ends on {{date}}.',
      trialNone: 'Your trial ended on {{date}}. You can set up the new restaurant; guests see it once it has PRO.',
    },
    errors: {
      'restaurant-name-required': 'Enter the restaurant name (at least 2 characters).',
      'restaurant-name-too-long': 'The restaurant name can be at most 100 characters long.',
      'too-many-restaurants': 'You have already created several restaurants in the last hour. You can add another in {{minutes}} min.',
    },
  },
};
