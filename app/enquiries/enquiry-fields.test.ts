import { describe, expect, test } from "vitest";
import { contactTopicLabels, linkedContactTopic } from "./enquiry-fields";

describe("linkedContactTopic", () => {
  test("a link may choose a topic on the list, Accessibility among them", () => {
    expect(linkedContactTopic(new URLSearchParams("topic=accessibility"))).toBe("accessibility");
    expect(contactTopicLabels.accessibility).toBe("Accessibility");
  });

  test.each(["", "topic=", "topic=Accessibility", "topic=bookings", "other=general"])(
    "%j chooses none",
    (query) => {
      expect(linkedContactTopic(new URLSearchParams(query))).toBeNull();
    },
  );
});
