export default function Page() { return <h1>tasar-departamentos</h1>; }
