package org.fabricsim.topology;

import java.util.List;
import java.util.SplittableRandom;

/** Random damage to a valid file's lines, for the "only ever one-line errors" tests of the file readers. */
final class DamagedText {
    private DamagedText() {
    }

    /**
     * Applies 1-3 edits to {@code lines} in place: a token (split by {@code tokens}) replaced by or extended with a
     * piece of {@code junk}, a line doubled, dropped or swapped with another. Never leaves the list empty.
     */
    static void damage(List<String> lines, SplittableRandom random, String[] junk, String tokens) {
        int edits = 1 + random.nextInt(3);
        for (int e = 0; e < edits; e++) {
            int i = random.nextInt(lines.size());
            String[] parts = lines.get(i).split(tokens, -1);
            int j = random.nextInt(parts.length);
            switch (random.nextInt(5)) {
                case 0 -> {
                    parts[j] = junk[random.nextInt(junk.length)];
                    lines.set(i, String.join(" ", parts));
                }
                case 1 -> {
                    parts[j] = parts[j] + junk[random.nextInt(junk.length)];
                    lines.set(i, String.join(" ", parts));
                }
                case 2 -> lines.add(random.nextInt(lines.size()), lines.get(i));
                case 3 -> lines.remove(i);
                default -> {
                    int k = random.nextInt(lines.size());
                    String tmp = lines.get(k);
                    lines.set(k, lines.get(i));
                    lines.set(i, tmp);
                }
            }
            if (lines.isEmpty()) {
                lines.add("");
            }
        }
    }
}
