// Four ways to turn a visitor's text into markup, each refused; the last two lines are how to show it.
export const Comment = ({ text }: { text: string }) => <p dangerouslySetInnerHTML={{ __html: text }} />;

export function show(element: HTMLElement, text: string) {
  element.innerHTML = text;
  element.insertAdjacentHTML("beforeend", text);
  document.write(text);
  element.textContent = text;
  return <p>{text}</p>;
}
