/*
 * PackageZip: writes the weka-ranking WEKA package's jar and ZIP, byte for byte
 * as weka_ranking/_javabuild.py's zip_bytes writes them, so that the Ant build
 * (build_package.xml), the shell build (build_package.sh) and the Python command
 * (weka-ranking weka-package) give the same bytes from the same files.
 *
 * The format: entries sorted by name, each deflated at level 9 (raw deflate, as
 * Python's zipfile and java.util.zip both ask zlib), one timestamp (the build's
 * SOURCE_DATE_EPOCH, in UTC, no earlier than 1980-01-01), permissions 0644, made
 * "on Unix" (version 20), no extra fields, no comment, no data descriptors.
 *
 * What the package holds (the one list; weka_package.py reads the same rule):
 *   every file under the package folder (weka-package/), Description.props with
 *   @VERSION@ and @DATE@ filled in; the jar as weka-ranking.jar; and each .java
 *   file under src/weka/ as src/main/java/weka/...
 *
 * Usage (Java 11 or newer, no dependency):
 *   java -cp DIR PackageZip jar OUT.jar EPOCH CLASSES_DIR
 *   java -cp DIR PackageZip package OUT.zip EPOCH VERSION JAR PACKAGE_DIR SRC_DIR
 * EPOCH is seconds since 1970 (SOURCE_DATE_EPOCH), or newest:DIR for the newest
 * .java file's modification time under DIR (_javabuild.source_date_epoch's last
 * resort, for sources with neither git history nor a SOURCE_DATE_EPOCH file).
 */

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

public final class PackageZip {

  /** The jar's manifest, as _javabuild._MANIFEST. */
  static final String MANIFEST =
      "Manifest-Version: 1.0\r\nCreated-By: weka-ranking\r\n\r\n";
  /** The name of the jar inside the package, as _javabuild.PACKAGE_JAR. */
  static final String JAR_NAME = "weka-ranking.jar";
  /** The package's classes and sources: those under this folder of src/. */
  static final String PACKAGE_PREFIX = "weka/";
  /** A ZIP entry's DOS time cannot be earlier than 1980-01-01. */
  static final long ZIP_EPOCH_MIN = 315532800L;

  private PackageZip() {}

  public static void main(String[] args) throws IOException {
    if (args.length == 4 && args[0].equals("jar")) {
      Map<String, byte[]> entries = new TreeMap<>();
      entries.put("META-INF/MANIFEST.MF", MANIFEST.getBytes(StandardCharsets.UTF_8));
      entries.putAll(files(Paths.get(args[3]), ""));
      write(Paths.get(args[1]), entries, epoch(args[2]));
    } else if (args.length == 7 && args[0].equals("package")) {
      long epoch = epoch(args[2]);
      String version = args[3];
      Map<String, byte[]> entries = new TreeMap<>(files(Paths.get(args[5]), ""));
      String date = LocalDateTime.ofEpochSecond(epoch, 0, ZoneOffset.UTC)
          .toLocalDate().toString();
      String props = new String(entries.get("Description.props"), StandardCharsets.UTF_8)
          .replace("@VERSION@", version).replace("@DATE@", date);
      entries.put("Description.props", props.getBytes(StandardCharsets.UTF_8));
      entries.put(JAR_NAME, Files.readAllBytes(Paths.get(args[4])));
      for (Map.Entry<String, byte[]> source : files(Paths.get(args[6]), "").entrySet()) {
        String name = source.getKey();
        if (name.startsWith(PACKAGE_PREFIX) && name.endsWith(".java")) {
          entries.put("src/main/java/" + name, source.getValue());
        }
      }
      write(Paths.get(args[1]), entries, epoch);
    } else {
      System.err.println("usage: PackageZip jar OUT.jar EPOCH CLASSES_DIR\n"
          + "       PackageZip package OUT.zip EPOCH VERSION JAR PACKAGE_DIR SRC_DIR");
      System.exit(2);
    }
  }

  /** Seconds since 1970, given or (newest:DIR) read from the sources' times. */
  static long epoch(String arg) throws IOException {
    if (!arg.startsWith("newest:")) {
      return Long.parseLong(arg.trim());
    }
    long newest = Long.MIN_VALUE;
    try (Stream<Path> walk = Files.walk(Paths.get(arg.substring("newest:".length())))) {
      for (Path path : walk.filter(p -> p.toString().endsWith(".java"))
          .collect(Collectors.toList())) {
        newest = Math.max(newest, Files.getLastModifiedTime(path).toMillis() / 1000);
      }
    }
    if (newest == Long.MIN_VALUE) {
      throw new IOException("no Java sources in " + arg.substring("newest:".length()));
    }
    return newest;
  }

  /** Every regular file under root, by its relative name with '/'. */
  static Map<String, byte[]> files(Path root, String prefix) throws IOException {
    Map<String, byte[]> out = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path path : walk.filter(Files::isRegularFile).collect(Collectors.toList())) {
        String name = root.relativize(path).toString().replace('\\', '/');
        out.put(prefix + name, Files.readAllBytes(path));
      }
    }
    return out;
  }

  /** Writes the sorted entries to out (through a temporary file beside it). */
  static void write(Path out, Map<String, byte[]> entries, long epoch) throws IOException {
    LocalDateTime t = LocalDateTime.ofInstant(
        Instant.ofEpochSecond(Math.max(epoch, ZIP_EPOCH_MIN)), ZoneOffset.UTC);
    int dosTime = (t.getHour() << 11) | (t.getMinute() << 5) | (t.getSecond() / 2);
    int dosDate = ((t.getYear() - 1980) << 9) | (t.getMonthValue() << 5) | t.getDayOfMonth();
    ByteArrayOutputStream zip = new ByteArrayOutputStream();
    ByteArrayOutputStream central = new ByteArrayOutputStream();
    int count = 0;
    for (Map.Entry<String, byte[]> entry : new TreeMap<>(entries).entrySet()) {
      byte[] name = entry.getKey().getBytes(StandardCharsets.UTF_8);
      byte[] data = entry.getValue();
      boolean ascii = name.length == entry.getKey().length();
      int flags = ascii ? 0 : 0x800;
      CRC32 crc = new CRC32();
      crc.update(data);
      byte[] deflated = deflate(data);
      int offset = zip.size();
      u32(zip, 0x04034b50);
      u16(zip, 20); u16(zip, flags); u16(zip, 8); u16(zip, dosTime); u16(zip, dosDate);
      u32(zip, crc.getValue()); u32(zip, deflated.length); u32(zip, data.length);
      u16(zip, name.length); u16(zip, 0);
      zip.write(name);
      zip.write(deflated);
      u32(central, 0x02014b50);
      u16(central, (3 << 8) | 20); u16(central, 20); u16(central, flags); u16(central, 8);
      u16(central, dosTime); u16(central, dosDate);
      u32(central, crc.getValue()); u32(central, deflated.length); u32(central, data.length);
      u16(central, name.length); u16(central, 0); u16(central, 0); u16(central, 0);
      u16(central, 0); u32(central, 0100644L << 16); u32(central, offset);
      central.write(name);
      count++;
    }
    int centralOffset = zip.size();
    central.writeTo(zip);
    u32(zip, 0x06054b50);
    u16(zip, 0); u16(zip, 0); u16(zip, count); u16(zip, count);
    u32(zip, central.size()); u32(zip, centralOffset); u16(zip, 0);
    Path parent = out.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    Path tmp = Files.createTempFile(parent, "." + out.getFileName(), ".tmp");
    Files.write(tmp, zip.toByteArray());
    try {
      Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
    } catch (UnsupportedOperationException notPosix) {
      // Windows: the folder's default permissions
    }
    Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  static byte[] deflate(byte[] data) {
    Deflater deflater = new Deflater(9, true);
    deflater.setInput(data);
    deflater.finish();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buffer = new byte[65536];
    while (!deflater.finished()) {
      out.write(buffer, 0, deflater.deflate(buffer));
    }
    deflater.end();
    return out.toByteArray();
  }

  static void u16(ByteArrayOutputStream out, int value) {
    out.write(value & 0xff);
    out.write((value >>> 8) & 0xff);
  }

  static void u32(ByteArrayOutputStream out, long value) {
    u16(out, (int) (value & 0xffff));
    u16(out, (int) ((value >>> 16) & 0xffff));
  }
}
