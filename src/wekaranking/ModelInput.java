/*
 * JVM side of the weka-ranking bridge: model files read with a
 * deserialization filter (JEP 290), which WEKA's own readers do not have.
 *
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package wekaranking;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Hashtable;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import weka.core.WekaPackageClassLoaderManager;

/**
 * Reads what {@code SerializationHelper.writeAll} wrote (a model and its
 * header), refusing what a model cannot hold, before it costs time or memory.
 *
 * <p>A class is checked by its name before it is loaded (so no static
 * initializer of a class outside the list runs): WEKA's classifier, filter,
 * estimator and attribute-selection packages, the parts of {@code weka.core}
 * a model holds, the matrix library WEKA's learners use, and a few
 * {@code java.lang}/{@code java.util}/{@code java.text} classes, with arrays
 * of these and of primitives. The stream may not nest deeper than
 * {@link #MAX_DEPTH}, hold more than {@link #MAX_REFERENCES} objects, nor
 * declare an array longer than the bytes left in the stream could fill (each
 * element takes at least one byte). Collections are checked as they are
 * read, before a collection that hashes its elements hashes them: one that
 * reaches more than {@link #MAX_REACHED} elements through nested collections
 * (shared ones counted each time, as hashing counts them) is refused, and so
 * is a hashed collection keyed by collections; which stops the nested-set
 * bomb, a kilobyte whose hashing never ends. Models never key a hashed
 * collection by a collection.
 */
public final class ModelInput extends ObjectInputStream {

  /**
   * The deepest nesting of objects read: models reach a few hundred, a
   * MultilayerPerceptron with two hidden layers of 300 units 1,215.
   */
  public static final long MAX_DEPTH = 10_000;

  /** The reading thread's stack: MAX_DEPTH levels of readObject's recursion. */
  private static final long READER_STACK = 512L << 20;

  /** The most objects one stream may hold. */
  public static final long MAX_REFERENCES = 100_000_000L;

  /** The most elements one collection may reach through nested collections. */
  public static final long MAX_REACHED = 1_000_000L;

  /** Packages whose classes, and whose subpackages' classes, a model may hold. */
  private static final String[] PACKAGE_TREES = {
    "weka.classifiers.", "weka.filters.", "weka.estimators.",
    "weka.attributeSelection.", "weka.core.neighboursearch.",
    "no.uib.cipr.matrix.",
  };

  /** Packages whose own classes (not their subpackages') a model may hold. */
  private static final String[] PACKAGES = {
    "weka.core.", "weka.core.matrix.", "weka.core.tokenizers.",
    "weka.core.stemmers.", "weka.core.stopwords.",
  };

  /**
   * Classes of the packages above that a model of this package never holds
   * and that would read more than the file: SerializedClassifier loads
   * another model file, unfiltered, when first asked.
   */
  private static final Set<String> REFUSED_CLASSES = Set.of(
      "weka.classifiers.misc.SerializedClassifier");

  /** The Java platform's classes a model may hold. */
  private static final Set<String> PLATFORM_CLASSES = Set.of(
      "java.lang.Object", "java.lang.Number", "java.lang.String",
      "java.lang.Boolean", "java.lang.Byte", "java.lang.Character",
      "java.lang.Short", "java.lang.Integer", "java.lang.Long",
      "java.lang.Float", "java.lang.Double", "java.lang.Enum",
      "java.lang.StringBuffer", "java.lang.StringBuilder",
      "java.util.ArrayList", "java.util.Vector", "java.util.Stack",
      "java.util.LinkedList", "java.util.HashMap", "java.util.LinkedHashMap",
      "java.util.Hashtable", "java.util.HashSet", "java.util.LinkedHashSet",
      "java.util.Map$Entry", "java.util.BitSet", "java.util.Random",
      "java.util.Date", "java.util.Locale", "java.util.Calendar",
      "java.util.GregorianCalendar", "java.util.TimeZone",
      "java.util.SimpleTimeZone", "sun.util.calendar.ZoneInfo",
      "java.util.concurrent.atomic.AtomicInteger",
      "java.util.concurrent.atomic.AtomicLong",
      "java.text.Format", "java.text.DateFormat", "java.text.SimpleDateFormat",
      "java.text.DateFormatSymbols", "java.text.NumberFormat",
      "java.text.DecimalFormat", "java.text.DecimalFormatSymbols",
      "java.math.RoundingMode");

  /** Why the stream was refused, or null. */
  private String m_Refusal;

  /** Bytes in the whole stream. */
  private final long m_Length;

  /** Elements each collection read so far reaches (itself counted). */
  private final Map<Object, Long> m_Reached = new IdentityHashMap<>();

  private ModelInput(byte[] content) throws IOException {
    super(new ByteArrayInputStream(content));
    m_Length = content.length;
    setObjectInputFilter(this::check);
    enableResolveObject(true);
  }

  /**
   * Every object of a stream written by {@code SerializationHelper.writeAll},
   * in order, each checked as the class documentation says.
   *
   * @param content the serialized objects
   * @return the objects
   * @throws IOException naming the class or the limit, if refused, or why
   *         the stream cannot be read
   * @throws ClassNotFoundException if a class allowed is not on the class path
   */
  public static Object[] readAll(byte[] content)
      throws IOException, ClassNotFoundException, InterruptedException {
    // On a thread of its own, whose stack holds MAX_DEPTH levels (a thread's
    // default of a megabyte or so overflows at a few thousand).
    Object[][] read = new Object[1][];
    Throwable[] failure = new Throwable[1];
    Thread reader = new Thread(null, () -> {
      try {
        read[0] = readAllHere(content);
      } catch (Throwable e) {
        failure[0] = e;
      }
    }, "weka-ranking model reader", READER_STACK);
    reader.setDaemon(true);
    reader.start();
    reader.join();
    if (failure[0] instanceof IOException) {
      throw (IOException) failure[0];
    }
    if (failure[0] instanceof ClassNotFoundException) {
      throw (ClassNotFoundException) failure[0];
    }
    if (failure[0] instanceof Error) {
      throw (Error) failure[0];
    }
    if (failure[0] != null) {
      throw new IOException(failure[0]);
    }
    return read[0];
  }

  private static Object[] readAllHere(byte[] content)
      throws IOException, ClassNotFoundException {
    ModelInput in = new ModelInput(content);
    List<Object> objects = new ArrayList<>();
    try {
      while (true) {
        objects.add(in.readObject());
      }
    } catch (EOFException end) {
      // The last object read: as SerializationHelper.readAll stops.
    } catch (InvalidClassException e) {
      // Also a class of another version: that one is no refusal.
      throw in.m_Refusal != null ? in.refusal(e) : e;
    } catch (StackOverflowError e) {
      throw in.refusal(e);
    } finally {
      in.close();
    }
    return objects.toArray();
  }

  private IOException refusal(Throwable cause) {
    String reason = m_Refusal != null ? m_Refusal
        : cause instanceof StackOverflowError
            ? "objects nested too deep to read"
            : cause.getMessage();
    return new IOException("refused: " + reason);
  }

  /** The class, by its name, before it is loaded. */
  @Override
  protected Class<?> resolveClass(ObjectStreamClass description)
      throws IOException, ClassNotFoundException {
    String name = description.getName();
    String element = name.replaceFirst("^\\[+", "");
    if (element.startsWith("L") && element.endsWith(";")) {
      element = element.substring(1, element.length() - 1);
    } else if (element.length() == 1 && name.startsWith("[")) {
      return super.resolveClass(description); // an array of a primitive type
    }
    if (!allowed(element)) {
      throw refuse("class " + element + " is not one a model holds (WEKA's "
          + "classifiers, filters, estimators and core classes, and Java's basic ones)");
    }
    ClassLoader loader =
        WekaPackageClassLoaderManager.getWekaPackageClassLoaderManager().getLoaderForClass(element);
    try {
      return Class.forName(name, false, loader);
    } catch (ClassNotFoundException e) {
      return super.resolveClass(description);
    }
  }

  /** Dynamic proxies are what gadget chains are made of; a model holds none. */
  @Override
  protected Class<?> resolveProxyClass(String[] interfaces) throws IOException {
    throw refuse("a dynamic proxy (" + String.join(", ", interfaces)
        + ") is not something a model holds");
  }

  private static boolean allowed(String name) {
    if (REFUSED_CLASSES.contains(name)) {
      return false;
    }
    if (PLATFORM_CLASSES.contains(name)) {
      return true;
    }
    for (String tree : PACKAGE_TREES) {
      if (name.startsWith(tree)) {
        return true;
      }
    }
    int dot = name.lastIndexOf('.');
    String own = name.substring(0, dot + 1);
    for (String pkg : PACKAGES) {
      if (own.equals(pkg)) {
        return true;
      }
    }
    return false;
  }

  private ObjectInputFilter.Status check(ObjectInputFilter.FilterInfo info) {
    if (info.depth() > MAX_DEPTH) {
      return reject("objects nested " + info.depth() + " deep, more than the "
          + MAX_DEPTH + " a model reaches");
    }
    if (info.references() > MAX_REFERENCES) {
      return reject("more than " + MAX_REFERENCES + " objects");
    }
    long left = m_Length - info.streamBytes();
    if (info.arrayLength() > left + 64) {
      Class<?> type = info.serialClass();
      return reject("an array of " + info.arrayLength() + " "
          + (type == null ? "elements" : type.getComponentType().getName() + "s")
          + " declared with " + left + " bytes left in the file to fill it");
    }
    return ObjectInputFilter.Status.UNDECIDED;
  }

  private ObjectInputFilter.Status reject(String reason) {
    if (m_Refusal == null) {
      m_Refusal = reason;
    }
    return ObjectInputFilter.Status.REJECTED;
  }

  private InvalidClassException refuse(String reason) {
    reject(reason);
    return new InvalidClassException(reason);
  }

  /** Each collection as it is read, before a collection holding it hashes it. */
  @Override
  protected Object resolveObject(Object object) throws IOException {
    if (!(object instanceof Collection || object instanceof Map)) {
      return object;
    }
    long reached = 1;
    Iterable<?> parts = object instanceof Map ? ((Map<?, ?>) object).entrySet()
        : (Collection<?>) object;
    boolean hashed = object instanceof HashMap || object instanceof Hashtable
        || object instanceof HashSet;
    for (Object part : parts) {
      Object key = part instanceof Map.Entry ? ((Map.Entry<?, ?>) part).getKey() : part;
      if (hashed && m_Reached.containsKey(key)) {
        throw refuse("a " + object.getClass().getName() + " keyed by collections (a "
            + key.getClass().getName() + "): no model holds one");
      }
      reached += reachedFrom(key);
      if (part instanceof Map.Entry) {
        reached += reachedFrom(((Map.Entry<?, ?>) part).getValue());
      }
      if (reached > MAX_REACHED) {
        throw refuse("a " + object.getClass().getName() + " reaching more than "
            + MAX_REACHED + " elements through nested collections");
      }
    }
    m_Reached.put(object, reached);
    return object;
  }

  private long reachedFrom(Object element) {
    Long reached = element == null ? null : m_Reached.get(element);
    return reached == null ? 1 : reached;
  }
}
