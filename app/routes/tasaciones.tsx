export default function Page() { return <h1>tasaciones</h1>; }
