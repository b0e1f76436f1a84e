package org.fabricsim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reading docs/*.md in tests that check the docs' examples against the code. */
public final class DocsText {
    private DocsText() {
    }

    /** The text of {@code docs/NAME}. */
    public static String read(String name) throws IOException {
        return Files.readString(Path.of(System.getProperty("basedir", "."), "..", "docs", name));
    }

    /** From {@code heading} to the next heading of the same level (or the end). */
    public static String section(String markdown, String heading) {
        int start = markdown.indexOf(heading);
        if (start < 0) {
            throw new AssertionError("no heading '" + heading + "'");
        }
        int end = markdown.indexOf("\n" + heading.substring(0, heading.indexOf(' ') + 1), start + heading.length());
        return end < 0 ? markdown.substring(start) : markdown.substring(start, end);
    }

    /** The fenced blocks without a language, each line ending in a newline (```sh blocks are commands, skipped). */
    public static List<String> codeBlocks(String markdown) {
        List<String> blocks = new ArrayList<>();
        StringBuilder block = null;
        boolean plain = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.startsWith("```")) {
                if (block == null) {
                    block = new StringBuilder();
                    plain = line.equals("```");
                } else {
                    if (plain) {
                        blocks.add(block.toString());
                    }
                    block = null;
                }
            } else if (block != null) {
                block.append(line).append('\n');
            }
        }
        return blocks;
    }
}
