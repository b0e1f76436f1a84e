package org.fabricsim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layout shows the architecture (issue 29, DESIGN.md "Modules" and "The packet model's elements and decision
 * points"), read from the main sources of every module: no file over 600 lines, no import between packages that
 * runs in a loop, {@code ib} imports no mechanism, a mechanism package imports {@code ib} and no other mechanism
 * but the shared {@code ib.throttling}, and each mechanism package says which seed sections it implements and
 * which decision points it fills.
 */
class PackageLayoutTest {
    private static final int MAX_LINES = 600;
    private static final String IB = "org.fabricsim.ib";
    /** The mechanism packages beside ib. */
    private static final List<String> MECHANISMS = List.of("ar", "circuits", "cc", "throttling", "isolation", "rates",
            "traffic");
    /** A part of a mechanism that others may use, by name (issue 29: IB CC's HCA half, which isolation reuses). */
    private static final String SHARED = IB + ".throttling";
    /** Builds runs: the one place that knows every mechanism. */
    private static final String RUN = IB + ".run";
    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern REFERENCE = Pattern.compile("\\b(org\\.fabricsim(?:\\.[a-z]\\w*)*)\\.[A-Z]");

    private static final List<Path> files = new ArrayList<>();
    /** Package -> the packages of this project it refers to (imports and qualified names, comments left out). */
    private static final Map<String, Set<String>> uses = new TreeMap<>();

    @BeforeAll
    static void read() throws IOException {
        Path root = Path.of(System.getProperty("basedir", "."), "..").normalize();
        for (String module : List.of("core", "partitioner", "spark-driver", "benchmarks")) {
            Path src = root.resolve(module).resolve("src/main/java");
            try (Stream<Path> s = Files.walk(src)) {
                s.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
            }
        }
        assertTrue(files.size() > 300, "the main sources were not found: " + files.size() + " files");
        for (Path f : files) {
            String text = Files.readString(f);
            Matcher m = PACKAGE.matcher(text);
            assertTrue(m.find(), f + " has no package line");
            String pkg = m.group(1);
            Set<String> to = uses.computeIfAbsent(pkg, k -> new TreeSet<>());
            Matcher r = REFERENCE.matcher(code(text));
            while (r.find()) {
                if (!r.group(1).equals(pkg)) {
                    to.add(r.group(1));
                }
            }
        }
    }

    /** The text without comments and string literals (a javadoc link is not a dependency). */
    static String code(String text) {
        return text.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\n]*", " ")
                .replaceAll("\"(\\\\.|[^\"\\\\\n])*\"", "\"\"");
    }

    @Test
    void noMainSourceFileIsOverSixHundredLines() throws IOException {
        List<String> tooLong = new ArrayList<>();
        for (Path f : files) {
            long n = Files.readAllLines(f).size();
            if (n > MAX_LINES) {
                tooLong.add(f.getFileName() + " (" + n + ")");
            }
        }
        assertEquals(List.of(), tooLong, "main source files over " + MAX_LINES + " lines");
    }

    @Test
    void noPackageImportsRunInALoop() {
        List<List<String>> cycles = cycles(uses);
        assertEquals(List.of(), cycles, "packages that depend on each other round a loop");
    }

    @Test
    void ibImportsNoMechanism() {
        Set<String> bad = new TreeSet<>();
        for (String to : uses.getOrDefault(IB, Set.of())) {
            if (to.startsWith(IB + ".")) {
                bad.add(to);
            }
        }
        assertEquals(Set.of(), bad, "ib, the elements and decision points, must not know a mechanism");
    }

    @Test
    void aMechanismImportsIbAndNoOtherMechanismButTheSharedPart() {
        Map<String, Set<String>> bad = new TreeMap<>();
        for (String m : MECHANISMS) {
            String pkg = IB + "." + m;
            assertTrue(uses.containsKey(pkg), "no package " + pkg);
            assertTrue(uses.get(pkg).contains(IB), pkg + " does not use ib");
            for (String to : uses.get(pkg)) {
                if (to.startsWith(IB + ".") && !to.equals(SHARED)) {
                    bad.computeIfAbsent(pkg, k -> new TreeSet<>()).add(to);
                }
            }
        }
        assertEquals(Map.of(), bad, "mechanism packages that use another mechanism");
        Set<String> knowAll = new TreeSet<>();
        for (Map.Entry<String, Set<String>> e : uses.entrySet()) {
            if (e.getValue().containsAll(MECHANISMS.stream().map(m -> IB + "." + m).toList())) {
                knowAll.add(e.getKey());
            }
        }
        assertTrue(knowAll.contains(RUN), "ib.run chooses among every mechanism");
    }

    @Test
    void eachMechanismPackageNamesItsSeedSectionsAndDecisionPoints() throws IOException {
        Path root = Path.of(System.getProperty("basedir", "."), "src/main/java/org/fabricsim/ib");
        Pattern seed = Pattern.compile("seed 00\\d", Pattern.CASE_INSENSITIVE);
        Pattern point = Pattern.compile("<b>(routing|injection|marking|control receiver|timer|control lane|isolation"
                + "|injection throttle|generated traffic)</b>");
        for (String m : MECHANISMS) {
            Path info = root.resolve(m).resolve("package-info.java");
            assertTrue(Files.exists(info), info + " is missing");
            String text = Files.readString(info);
            assertTrue(seed.matcher(text).find(), info + " names no seed section");
            assertTrue(point.matcher(text).find(), info + " names no decision point it fills");
        }
    }

    @Test
    void theCycleFinderFindsALoop() {
        Map<String, Set<String>> g = new TreeMap<>();
        g.put("a", Set.of("b"));
        g.put("b", Set.of("c"));
        g.put("c", Set.of("a", "d"));
        g.put("d", Set.of());
        assertEquals(List.of(List.of("a", "b", "c")), cycles(g));
    }

    /** The strongly connected components of more than one package (Tarjan), each sorted. */
    static List<List<String>> cycles(Map<String, Set<String>> graph) {
        Map<String, Integer> index = new TreeMap<>();
        Map<String, Integer> low = new TreeMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<List<String>> out = new ArrayList<>();
        for (String v : graph.keySet()) {
            if (!index.containsKey(v)) {
                connect(v, graph, index, low, stack, onStack, out);
            }
        }
        return out;
    }

    private static void connect(String v, Map<String, Set<String>> graph, Map<String, Integer> index,
            Map<String, Integer> low, Deque<String> stack, Set<String> onStack, List<List<String>> out) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        onStack.add(v);
        for (String w : graph.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                connect(w, graph, index, low, stack, onStack, out);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            List<String> component = new ArrayList<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                component.sort(null);
                out.add(component);
            }
        }
    }
}
