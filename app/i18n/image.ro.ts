/** Romanian strings of the image feature of the restaurant admin, spread into ro.ts. */
export const imageRo = {
  imageUpload: {
    title: 'Imagine',
  },
};
