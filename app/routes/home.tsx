export default function Home() {
  return <h1>Inicio</h1>;
}
