export default function Page() { return <h1>comprar-en-pozo</h1>; }
