"""The award schedule: master points for a final place in a field (``docs/rules.md``
§ Master points). Pure."""


def master_points_for_place(place: int, finished: int) -> int:
    """Master points for ``place`` (1-based) among ``finished`` ranked pairs.

    1st gets 3. With 20 or more finished pairs 2nd-4th get 2 and 5th-10th get 1.
    With fewer, the top half (places 1 .. max(1, n // 2)) is awarded: 1st 3, the next
    up to three places 2, the rest of the top half 1.
    """
    if place < 1 or place > finished:
        return 0
    if place == 1:
        return 3
    if finished >= 20:
        return 2 if place <= 4 else 1 if place <= 10 else 0
    half = max(1, finished // 2)
    if place > half:
        return 0
    return 2 if place <= 4 else 1
