package org.fabricsim.cli;

import static org.fabricsim.cli.CliTest.fabricsim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Help and docs that point somewhere (issue 34, item 10): every repository path named in the commands' help, the
 * README and docs/ exists, and every relative Markdown link resolves to a file and, with a #fragment, to a heading
 * or an {@code <a name>} of it (anchors as GitHub makes them from headings).
 */
class DocsPathsTest {
    private static final Path ROOT = Path.of(System.getProperty("fabricsim.repoRoot"));
    /** A path into the repository: a top-level directory of ours, then path characters, ending in a file extension. */
    private static final Pattern REPO_PATH = Pattern.compile(
            "(?<![\\w./-])((?:conf|docs|benchmarks|core|partitioner|spark-driver|\\.ci)/[\\w./-]*\\.[a-z]{2,5})\\b");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^ {0,3}#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern NAME = Pattern.compile("<a\\s+(?:name|id)=\"([^\"]+)\"");

    private static List<Path> markdown() throws IOException {
        List<Path> files = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> s = Files.list(ROOT.resolve("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        return files;
    }

    /** Paths a text names that are not placeholders (no upper-case word like FILE or X, no wildcard). */
    private static List<String> pathsIn(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = REPO_PATH.matcher(text);
        while (m.find()) {
            String p = m.group(1);
            if (!p.matches(".*(/|^)[A-Z][A-Z0-9_-]*(\\.[a-z]+)?$") && !p.contains("*") && !p.contains("/target/")) {
                out.add(p.replaceAll("[.,;:]+$", ""));
            }
        }
        return out;
    }

    /** Whether {@code p} exists; {@code a/.../b} (an elision) exists if some file under {@code a} ends in {@code /b}. */
    private static boolean exists(String p) {
        int gap = p.indexOf("/.../");
        if (gap < 0) {
            return Files.exists(ROOT.resolve(p));
        }
        String tail = "/" + p.substring(gap + 5);
        try (Stream<Path> s = Files.walk(ROOT.resolve(p.substring(0, gap)))) {
            return s.anyMatch(f -> f.toString().endsWith(tail) && !f.toString().contains("/target/"));
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void everyPathTheCommandsHelpNamesExists() {
        List<String> missing = new ArrayList<>();
        for (String command : List.of("demo", "run", "sweep", "contention", "topology", "simulate", "partition", "node",
                "nodes", "cluster-keys", "reproduce")) {
            CliTest.Result r = fabricsim(command, "--help");
            assertEquals(0, r.status(), command + ": " + r.err());
            for (String p : pathsIn(r.out())) {
                if (!exists(p)) {
                    missing.add("fabricsim " + command + " --help: " + p);
                }
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void everyPathTheReadmeAndDocsNameExists() throws IOException {
        List<String> missing = new ArrayList<>();
        for (Path md : markdown()) {
            List<String> lines = Files.readAllLines(md);
            for (int i = 0; i < lines.size(); i++) {
                for (String p : pathsIn(lines.get(i))) {
                    if (!exists(p)) {
                        missing.add(ROOT.relativize(md) + ":" + (i + 1) + ": " + p);
                    }
                }
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void everyRelativeMarkdownLinkResolvesToAFileAndAnchor() throws IOException {
        Map<Path, Set<String>> anchors = new HashMap<>();
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path md : markdown()) {
            List<String> lines = Files.readAllLines(md);
            boolean fence = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.stripLeading().startsWith("```")) {
                    fence = !fence;
                    continue;
                }
                if (fence) {
                    continue;
                }
                Matcher m = LINK.matcher(line.replaceAll("`[^`]*`", ""));
                while (m.find()) {
                    String target = m.group(1);
                    if (target.matches("^[a-z]+:.*")) {
                        continue; // http:, mailto:
                    }
                    links++;
                    int hash = target.indexOf('#');
                    String file = hash < 0 ? target : target.substring(0, hash);
                    Path dest = file.isEmpty() ? md : md.getParent().resolve(file).normalize();
                    String where = ROOT.relativize(md) + ":" + (i + 1) + ": " + target;
                    if (!Files.exists(dest)) {
                        broken.add(where + " (no file)");
                    } else if (hash >= 0 && dest.toString().endsWith(".md")
                            && !anchors.computeIfAbsent(dest, DocsPathsTest::anchorsOf).contains(target.substring(hash + 1))) {
                        broken.add(where + " (no such heading)");
                    }
                }
            }
        }
        assertTrue(links > 100, "links found: " + links);
        assertEquals(List.of(), broken);
    }

    @Test
    void anchorsAreGitHubs() {
        assertEquals("seed-001s-adaptive-routing", slug("Seed 001's adaptive routing"));
        assertEquals("the-metrics-section-of-summaryjson", slug("The metrics section of `summary.json`"));
        assertEquals("congested-flow-isolation-issue-14", slug("Congested-flow isolation (issue 14)"));
        assertEquals("at-the-packet-level-rates-realised-by-the-sources-issue-15-first-part",
                slug("At the packet level: rates realised by the sources (issue 15, first part)"));
    }

    /** The anchors of a Markdown file: its headings (duplicates numbered -1, -2, ...) and its {@code <a name>}s. */
    private static Set<String> anchorsOf(Path md) {
        Set<String> out = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean fence = false;
        try {
            for (String line : Files.readAllLines(md)) {
                if (line.stripLeading().startsWith("```")) {
                    fence = !fence;
                    continue;
                }
                if (fence) {
                    continue;
                }
                Matcher h = HEADING.matcher(line);
                if (h.matches()) {
                    String base = slug(h.group(1));
                    int n = seen.merge(base, 1, Integer::sum) - 1;
                    out.add(n == 0 ? base : base + "-" + n);
                }
                Matcher a = NAME.matcher(line);
                while (a.find()) {
                    out.add(a.group(1));
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out;
    }

    /** GitHub's heading anchor: the rendered text, lower case, only letters, marks, digits, '_', '-' and spaces kept. */
    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replaceAll("<[^>]+>", "").replace("\\", "");
        StringBuilder b = new StringBuilder();
        for (int cp : Normalizer.normalize(text.toLowerCase(java.util.Locale.ROOT), Normalizer.Form.NFC)
                .codePoints().toArray()) {
            int type = Character.getType(cp);
            boolean keep = cp == ' ' || cp == '-' || cp == '_' || Character.isLetter(cp)
                    || type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK
                    || type == Character.ENCLOSING_MARK || type == Character.DECIMAL_DIGIT_NUMBER;
            if (keep) {
                b.appendCodePoint(cp == ' ' ? '-' : cp);
            }
        }
        return b.toString();
    }
}
