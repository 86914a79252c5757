export default function Page() { return <h1>tasar-propiedades</h1>; }
