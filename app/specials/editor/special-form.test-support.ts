/** The special's form as staff post it: a Wednesday pie night, 5 to 10 pm, $18.50, but for `changes`. */
export const specialForm = (changes: Record<string, string> = {}) => ({
  "form-id": "special",
  title: "Pie Night",
  description: "A steak and ale pie with mash and peas.",
  price: "$18.50",
  weekday: "3",
  startsOn: "",
  endsOn: "",
  startsAt: "17:00",
  endsAt: "22:00",
  eventId: "",
  hidden: "",
  ...changes,
});
