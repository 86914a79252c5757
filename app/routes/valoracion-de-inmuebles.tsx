export default function Page() { return <h1>valoracion-de-inmuebles</h1>; }
