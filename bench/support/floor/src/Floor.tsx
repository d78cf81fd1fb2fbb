// The React floor page's one island (bench/lighthouse.bench.ts): one image, nothing else.
export default function Floor({ src }: { src: string }) {
  return <img src={src} alt="" style={{ height: 124, width: 'auto' }} />;
}
