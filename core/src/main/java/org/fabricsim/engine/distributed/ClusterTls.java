package org.fabricsim.engine.distributed;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigValueFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;
import java.util.Map;
import org.fabricsim.InputException;
import org.fabricsim.files.ReadFailure;

/**
 * Artery over TLS with mutual authentication (docs/DISTRIBUTED.md, "Security"): every member holds the
 * cluster's key ({@code keyStore}) and trusts only the cluster's certificate ({@code trustStore}), so a process
 * without that key cannot open a connection to a member, in either direction. The stores are PKCS12 files
 * with one password, read from a file or the environment, never from the command line.
 */
public record ClusterTls(Path keyStore, Path trustStore, String password) {
    /** The environment variable read when no password file is given. */
    public static final String PASSWORD_VARIABLE = "FABRICSIM_CLUSTER_PASSWORD";

    /** TLS 1.3 only, with its AES-GCM suites (the JDK's defaults for 1.3, named so a JDK change is noticed). */
    static final String PROTOCOL = "TLSv1.3";
    static final List<String> SUITES = List.of("TLS_AES_256_GCM_SHA384", "TLS_AES_128_GCM_SHA256");

    @Override
    public String toString() {
        return "ClusterTls[" + keyStore + ", " + trustStore + "]"; // never the password
    }

    /**
     * The stores and their password, checked now (both open with the password, the key store holds a key,
     * the trust store a certificate) so that a mistake is one line before any actor system starts.
     *
     * @param what names the settings in messages, e.g. "engine.cluster.tls" or "--tls-key-store"
     * @param passwordFile the password's file, or null to read {@link #PASSWORD_VARIABLE}
     */
    public static ClusterTls open(Path keyStore, Path trustStore, Path passwordFile, String what) {
        String password = password(passwordFile, what);
        // a wrong password is the password file's mistake when there is one
        Setting passwordSetting = passwordFile == null ? null : Setting.PASSWORD_FILE;
        KeyStore keys = load(keyStore, password, what + " key store", Setting.KEY_STORE, passwordSetting);
        KeyStore trusted = load(trustStore, password, what + " trust store", Setting.TRUST_STORE, passwordSetting);
        try {
            if (!hasEntry(keys, true)) {
                throw new SettingException(Setting.KEY_STORE, what + " key store " + keyStore + " holds no private key"
                        + " (make one with 'fabricsim cluster-keys DIR')");
            }
            if (!hasEntry(trusted, false)) {
                throw new SettingException(Setting.TRUST_STORE, what + " trust store " + trustStore
                        + " holds no trusted certificate");
            }
        } catch (GeneralSecurityException e) {
            throw new InputException(what + ": cannot read the stores: " + e.getMessage());
        }
        return new ClusterTls(keyStore.toAbsolutePath(), trustStore.toAbsolutePath(), password);
    }

    private static String password(Path file, String what) {
        if (file == null) {
            String p = System.getenv(PASSWORD_VARIABLE);
            if (p == null || p.isEmpty()) {
                throw new InputException(what + ": no password: give a password file, or set " + PASSWORD_VARIABLE);
            }
            return p;
        }
        try {
            // the first line; a trailing newline from an editor or `echo` is not part of the password
            String text = Files.readString(file, StandardCharsets.UTF_8);
            int eol = text.indexOf('\n');
            String p = (eol < 0 ? text : text.substring(0, eol)).strip();
            if (p.isEmpty()) {
                throw new SettingException(Setting.PASSWORD_FILE, what + " password file " + file + " is empty");
            }
            return p;
        } catch (IOException e) {
            throw new SettingException(Setting.PASSWORD_FILE, what + " password file " + file + " cannot be read ("
                    + ReadFailure.reason(e) + ")");
        }
    }

    private static KeyStore load(Path file, String password, String what, Setting setting, Setting passwordSetting) {
        try (InputStream in = Files.newInputStream(file)) {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            ks.load(in, password.toCharArray());
            return ks;
        } catch (IOException e) {
            // a wrong password shows as an IOException whose cause is an UnrecoverableKeyException
            if (e.getCause() instanceof java.security.UnrecoverableKeyException || e.getMessage() != null
                    && e.getMessage().contains("password")) {
                throw new SettingException(passwordSetting != null ? passwordSetting : setting,
                        what + " " + file + ": wrong password");
            }
            throw new SettingException(setting, what + " " + file + " cannot be read (" + ReadFailure.reason(e) + ")");
        } catch (GeneralSecurityException e) {
            throw new SettingException(setting, what + " " + file + " is not a PKCS12 store (" + e.getMessage() + ")");
        }
    }

    /** Which of the three settings a mistake is in. */
    public enum Setting {
        KEY_STORE("key-store"), TRUST_STORE("trust-store"), PASSWORD_FILE("password-file");

        private final String key;

        Setting(String key) {
            this.key = key;
        }

        /** The setting's key under {@code engine.cluster.tls}. */
        public String key() {
            return key;
        }
    }

    /** A mistake in one of the TLS settings, so that the message can name that setting (not another). */
    public static final class SettingException extends InputException {
        private static final long serialVersionUID = 1L;
        private final transient Setting setting;

        SettingException(Setting setting, String message) {
            super(message);
            this.setting = setting;
        }

        public Setting setting() {
            return setting;
        }
    }

    private static boolean hasEntry(KeyStore ks, boolean key) throws GeneralSecurityException {
        for (String alias : java.util.Collections.list(ks.aliases())) {
            if (key ? ks.isKeyEntry(alias) : ks.isCertificateEntry(alias)) {
                return true;
            }
        }
        return false;
    }

    /** The Artery settings: TLS transport, these stores, mutual authentication. */
    Config artery() {
        String engine = "pekko.remote.artery.ssl.config-ssl-engine.";
        return ConfigFactory.parseMap(Map.of(
                "pekko.remote.artery.transport", "tls-tcp",
                engine + "key-store", keyStore.toString(),
                engine + "trust-store", trustStore.toString(),
                engine + "key-store-password", password,
                engine + "key-password", password,
                engine + "trust-store-password", password,
                engine + "protocol", PROTOCOL,
                engine + "require-mutual-authentication", "on"))
                .withValue(engine + "enabled-algorithms", ConfigValueFactory.fromIterable(SUITES));
    }
}
