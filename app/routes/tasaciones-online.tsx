export default function Page() { return <h1>tasaciones-online</h1>; }
