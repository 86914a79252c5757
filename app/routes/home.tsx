import { useEffect, useState } from "react";
export default function Home() {
  const [n, setN] = useState(0);
  useEffect(() => { document.documentElement.setAttribute("data-hydrated", ""); }, []);
  return <><h1>Inicio</h1><button onClick={() => setN(n + 1)}>count {n}</button></>;
}
