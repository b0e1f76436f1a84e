package org.fabricsim.engine.distributed;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fabricsim.InputException;

/**
 * A cluster's TLS identity for {@link ClusterTls}: one self-signed EC key (P-384) that every member holds, a
 * trust store with only its certificate, and a random password, in PKCS12 files. The JDK's own {@code keytool}
 * does the cryptography (D182): the JDK has no public API for making a certificate, and a library for it would
 * be one more dependency for a file made once.
 */
public final class ClusterKeys {
    public static final String KEY_STORE = "cluster-keystore.p12";
    public static final String TRUST_STORE = "cluster-truststore.p12";
    public static final String PASSWORD = "cluster.password";
    private static final String ALIAS = "fabricsim-cluster";

    private ClusterKeys() {
    }

    /** The three files in {@code dir} (created if missing); none of them may exist yet. */
    public static void create(Path dir, int days) throws IOException, InterruptedException {
        for (String f : List.of(KEY_STORE, TRUST_STORE, PASSWORD)) {
            if (Files.exists(dir.resolve(f))) {
                throw new InputException(dir.resolve(f) + " exists; remove it or choose another directory (a new key"
                        + " would lock out the members holding the old one)");
            }
        }
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        if (!Files.isExecutable(keytool)) {
            throw new InputException("the JDK's keytool is not at " + keytool);
        }
        List<Path> made = new java.util.ArrayList<>(); // directories this call creates, undone if it fails
        try {
            makeDirectories(dir.toAbsolutePath().normalize(), made);
            make(dir, days, keytool);
        } catch (IOException e) {
            for (int i = made.size() - 1; i >= 0; i--) {
                Files.deleteIfExists(made.get(i)); // nothing left behind
            }
            throw new InputException(dir + " cannot be made or written (" + reason(e) + ")");
        }
    }

    /** The OS's reason, without the path it names (the message names it). */
    private static String reason(IOException e) {
        if (e instanceof java.nio.file.FileAlreadyExistsException f) {
            return f.getFile() + " is a file, not a directory";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return org.fabricsim.files.ReadFailure.reason(e);
    }

    /** Creates {@code dir} and its missing parents, recording each one made. */
    private static void makeDirectories(Path dir, List<Path> made) throws IOException {
        if (Files.isDirectory(dir)) {
            return;
        }
        if (dir.getParent() != null) {
            makeDirectories(dir.getParent(), made);
        }
        Files.createDirectory(dir);
        made.add(dir);
    }

    private static void make(Path dir, int days, Path keytool) throws IOException, InterruptedException {
        // made aside and moved in at the end: an interrupted or failed run leaves no half of a key pair
        Path work = Files.createTempDirectory(dir, ".cluster-keys-");
        try {
            Path password = ownerOnly(work.resolve(PASSWORD));
            byte[] random = new byte[24];
            new SecureRandom().nextBytes(random);
            Files.writeString(password, Base64.getUrlEncoder().withoutPadding().encodeToString(random) + "\n",
                    StandardCharsets.US_ASCII);
            String pass = "-storepass:file";
            Path keys = work.resolve(KEY_STORE);
            Path cert = work.resolve("cluster.crt");
            keytool(keytool, "-genkeypair", "-alias", ALIAS, "-keyalg", "EC", "-groupname", "secp384r1",
                    "-validity", String.valueOf(days), "-dname", "CN=fabricsim cluster", "-storetype", "PKCS12",
                    "-keystore", keys.toString(), pass, password.toString());
            keytool(keytool, "-exportcert", "-alias", ALIAS, "-keystore", keys.toString(), pass, password.toString(),
                    "-file", cert.toString());
            keytool(keytool, "-importcert", "-noprompt", "-alias", ALIAS, "-file", cert.toString(), "-storetype",
                    "PKCS12", "-keystore", work.resolve(TRUST_STORE).toString(), pass, password.toString());
            ownerOnly(keys);
            for (String f : List.of(KEY_STORE, TRUST_STORE, PASSWORD)) {
                Files.move(work.resolve(f), dir.resolve(f));
            }
        } finally {
            try (var left = Files.list(work)) {
                for (Path p : left.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(work);
        }
    }

    /** Creates the file readable and writable by its owner only (or narrows it), where POSIX modes exist. */
    private static Path ownerOnly(Path file) throws IOException {
        if (!file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return Files.exists(file) ? file : Files.createFile(file);
        }
        var mode = PosixFilePermissions.fromString("rw-------");
        if (Files.exists(file)) {
            return Files.setPosixFilePermissions(file, mode);
        }
        return Files.createFile(file, PosixFilePermissions.asFileAttribute(mode));
    }

    private static void keytool(Path keytool, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(keytool.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] said = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new InputException("keytool " + args[0] + " failed: "
                    + new String(said, StandardCharsets.UTF_8).strip().replace('\n', ' '));
        }
    }
}
