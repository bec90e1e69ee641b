import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '#app/modules/errors/app-error.ts';
import { exifHasGps, heicHeader, jpegQuantTables, noisyJpeg, photoJpeg, pngClaiming, svgWithScript } from '#tests/support/test-images.ts';
import { imageKindFromName, MAX_INPUT_PIXELS, MAX_UPLOAD_BYTES, processImage, variantWidths, type ImageKind } from './image-processing.server.ts';

async function refusal(input: Buffer, kind: ImageKind = 'other'): Promise<AppError> {
  const error = await processImage(input, kind).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** The tables a mozjpeg progressive JPEG gets at this quality, whatever the picture. */
async function quantTablesAt(quality: number): Promise<Buffer> {
  const reference = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } })
    .jpeg({ quality, progressive: true, mozjpeg: true })
    .toBuffer();
  return jpegQuantTables(reference);
}

async function pixelAt(jpeg: Buffer, left: number, top: number): Promise<number[]> {
  const { data } = await sharp(jpeg).extract({ left, top, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
  return [...data];
}

describe('processImage: what is refused (docs/product-spec.md section 5)', () => {
  it('refuses an empty file as missing', async () => {
    expect((await refusal(Buffer.alloc(0))).code).toBe('image-missing');
  });

  it('refuses more than 15 MB before looking at the content, saying how big it was', async () => {
    const big = Buffer.alloc(30 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff]);
    const error = await refusal(big);
    expect(error.code).toBe('image-too-large');
    expect(error.status).toBe(413);
    expect(error.params).toEqual({ sizeMb: 30, maxMb: 15 });
    expect(MAX_UPLOAD_BYTES).toBe(15 * 1024 * 1024);
  });

  it('accepts exactly 15 MB as far as size goes', async () => {
    const limit = Buffer.alloc(MAX_UPLOAD_BYTES);
    expect((await refusal(limit)).code).toBe('image-unsupported');
  });

  it('refuses a text file whatever its name says', async () => {
    expect((await refusal(Buffer.from('Meniul zilei: ciorbă de burtă, 25 lei\n'))).code).toBe('image-unsupported');
  });

  it('refuses an SVG, scripts and all, without rasterising it', async () => {
    expect((await refusal(svgWithScript)).code).toBe('image-unsupported');
    expect((await refusal(Buffer.concat([Buffer.from('\uFEFF  \n'), svgWithScript]))).code).toBe('image-unsupported');
  });

  it('refuses a PDF, a TIFF and a HEIC (no decoder here)', async () => {
    expect((await refusal(Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'))).code).toBe('image-unsupported');
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer();
    expect((await refusal(tiff)).code).toBe('image-unsupported');
    expect((await refusal(heicHeader())).code).toBe('image-unsupported');
  });

  it('refuses a file whose header claims 20000×20000 pixels, before decoding a pixel', async () => {
    const png = pngClaiming(20_000, 20_000);
    expect(png.length).toBeLessThan(200);
    const error = await refusal(png);
    expect(error.code).toBe('image-too-many-pixels');
    expect(error.params).toEqual({ width: 20_000, height: 20_000, maxMegapixels: 50 });
    expect(MAX_INPUT_PIXELS).toBe(50_000_000);
  });

  it('refuses a JPEG cut in half instead of storing a half-grey picture', async () => {
    const whole = await noisyJpeg(600, 400);
    await expect(processImage(whole, 'other')).resolves.toMatchObject({ width: 600, height: 400 });
    const error = await refusal(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(error.code).toBe('image-corrupt');
    expect(error.status).toBe(422);
  });

  it('refuses a PNG whose pixel data is damaged', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .png()
      .toBuffer();
    const damaged = Buffer.from(png);
    damaged.fill(0x41, Math.floor(png.length / 2), Math.floor(png.length / 2) + 64);
    expect((await refusal(damaged)).code).toBe('image-corrupt');
  });
});

describe('processImage: what is stored (docs/product-spec.md section 5)', () => {
  const landscape = photoJpeg(4000, 3000);

  it.each([
    ['logo', 512, 384, 90, [200, 400]],
    ['cover', 1440, 1080, 85, [640, 1280]],
    ['other', 800, 600, 85, [200, 400]],
  ] as const)('stores a large %s inside its box, aspect kept, at its quality, progressive', async (kind, width, height, quality, widths) => {
    const result = await processImage(await landscape, kind);
    expect({ width: result.width, height: result.height }).toEqual({ width, height });
    const metadata = await sharp(result.jpeg).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width, height, isProgressive: true, space: 'srgb', channels: 3 });
    expect(jpegQuantTables(result.jpeg).equals(await quantTablesAt(quality))).toBe(true);
    expect(result.variants.map((variant) => variant.width)).toEqual(widths);
    for (const variant of result.variants) {
      const variantMetadata = await sharp(variant.webp).metadata();
      expect(variantMetadata.format).toBe('webp');
      expect(variantMetadata.width).toBe(variant.width);
      expect(variantMetadata.height).toBe(Math.round((variant.width * height) / width));
    }
  });

  it('fits a wide cover by its width and makes the 1920 variant too', async () => {
    const result = await processImage(await photoJpeg(3840, 1200), 'cover');
    expect({ width: result.width, height: result.height }).toEqual({ width: 1920, height: 600 });
    expect(result.variants.map((variant) => variant.width)).toEqual([640, 1280, 1920]);
  });

  it('never enlarges a small image, and still gives it one variant', async () => {
    const small = await sharp({ create: { width: 150, height: 100, channels: 3, background: '#abc' } })
      .png()
      .toBuffer();
    for (const kind of ['logo', 'cover', 'other'] as const) {
      const result = await processImage(small, kind);
      expect({ width: result.width, height: result.height }).toEqual({ width: 150, height: 100 });
      expect(result.variants.map((variant) => variant.width)).toEqual([150]);
    }
    const medium = await processImage(await photoJpeg(300, 200), 'other');
    expect(medium.width).toBe(300);
    expect(medium.variants.map((variant) => variant.width)).toEqual([200]);
  });

  it('drops EXIF (GPS included) and XMP, after turning the picture upright by its orientation', async () => {
    // stored 400×200, left half red; orientation 6 means "turn 90° clockwise to view"
    const input = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#0000ff' } })
      .composite([{ input: { create: { width: 200, height: 200, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
      .withExif({
        IFD0: { Make: 'Telefonul lui Ion', Model: 'X1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '44/1 25/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '26/1 6/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
      .jpeg()
      .toBuffer();
    const inputMetadata = await sharp(input).metadata();
    expect(inputMetadata.orientation).toBe(6);
    expect(inputMetadata.exif && exifHasGps(inputMetadata.exif)).toBe(true);
    expect(inputMetadata.xmp).toBeDefined();

    const result = await processImage(input, 'other');
    const metadata = await sharp(result.jpeg).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect({ width: result.width, height: result.height }).toEqual({ width: 200, height: 400 });
    // turned clockwise, the red left half is now on top
    const [topRed = 0, , topBlue = 0] = await pixelAt(result.jpeg, 100, 50);
    const [bottomRed = 0, , bottomBlue = 0] = await pixelAt(result.jpeg, 100, 350);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(200);
    expect(bottomRed).toBeLessThan(60);
    for (const variant of result.variants) expect((await sharp(variant.webp).metadata()).exif).toBeUndefined();
  });

  it('puts a transparent PNG on white', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 100, height: 100, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } }, left: 100, top: 100 }])
      .png()
      .toBuffer();
    const result = await processImage(png, 'logo');
    const metadata = await sharp(result.jpeg).metadata();
    expect(metadata.hasAlpha).toBe(false);
    for (const channel of await pixelAt(result.jpeg, 10, 10)) expect(channel).toBeGreaterThan(245);
    const [red = 0, green = 255] = await pixelAt(result.jpeg, 150, 150);
    expect(red).toBeGreaterThan(170);
    expect(green).toBeLessThan(70);
    const variant = await sharp(result.variants[0]?.webp).metadata();
    expect(variant.hasAlpha).toBe(false);
  });

  it('reads WebP, AVIF and the first frame of a GIF', async () => {
    const base = sharp({ create: { width: 1000, height: 500, channels: 3, background: '#7a4' } });
    for (const input of [await base.clone().webp().toBuffer(), await base.clone().avif().toBuffer(), await base.clone().gif().toBuffer()]) {
      const result = await processImage(input, 'other');
      expect({ width: result.width, height: result.height }).toEqual({ width: 800, height: 400 });
      expect((await sharp(result.jpeg).metadata()).format).toBe('jpeg');
    }
  });

  it('turns a CMYK JPEG into sRGB', async () => {
    const cmyk = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#d35400' } })
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    const result = await processImage(cmyk, 'other');
    expect(await sharp(result.jpeg).metadata()).toMatchObject({ space: 'srgb', channels: 3 });
  });
});

describe('variantWidths', () => {
  it('keeps the widths that need no enlarging, or else the image’s own width', () => {
    expect(variantWidths([200, 400], 800)).toEqual([200, 400]);
    expect(variantWidths([200, 400], 400)).toEqual([200, 400]);
    expect(variantWidths([200, 400], 399)).toEqual([200]);
    expect(variantWidths([640, 1280, 1920], 500)).toEqual([500]);
  });
});

describe('imageKindFromName (the literal rule of docs/product-spec.md section 5)', () => {
  it('reads logo and cover from the name, anything else is other', () => {
    expect(imageKindFromName('Logo-restaurant.png')).toBe('logo');
    expect(imageKindFromName('terasa_COVER.jpg')).toBe('cover');
    expect(imageKindFromName('sarmale.jpg')).toBe('other');
  });
});
