/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import weka.core.Version;

/**
 * The one place that reaches into WEKA's private fields and methods, so that
 * a WEKA whose internals differ from those this package was written against
 * (3.9.7) costs speed, never a model: every field and method a fast path
 * reads or writes is looked up once, when this class loads, and each
 * {@link Path} says, before it is taken, whether all it needs is there. A
 * path that lacks something declines with the reason, which the model's text
 * says, and WEKA's own code (training on the pair instances, asking the
 * members every pair) gives the same model.
 *
 * <p>The system property {@value #HIDE_PROPERTY}, a comma-separated list of
 * members as {@code Class.member} (the class's simple name, an inner class
 * as {@code Outer$Inner}; a method with {@code ()}), makes those members
 * missing, as an older or newer WEKA would: the tests run the fast paths'
 * fallbacks with it in a fresh JVM.
 */
public final class WekaInternals {

  /** The property naming members to treat as missing (read once, at load). */
  public static final String HIDE_PROPERTY = "weka.ranking.internals.hide";

  /** The WEKA the internals below were read from. */
  public static final String WRITTEN_AGAINST = "3.9.7";

  /** A fast path that reads or writes WEKA's internals, with all it needs. */
  public enum Path {
    /** NaiveBayes trained from the rows ({@link ProductNaiveBayes}). */
    NAIVE_BAYES_FROM_ROWS("weka.classifiers.bayes.NaiveBayes", "m_NumClasses", "m_Instances",
        "m_Disc", "m_Distributions", "m_ClassDistribution", "DEFAULT_NUM_PRECISION",
        "weka.estimators.NormalEstimator", "m_SumOfWeights", "m_SumOfValues",
        "m_SumOfValuesSq", "computeParameters()"),
    /** Logistic trained from the rows ({@link ProductLogistic}). */
    LOGISTIC_FROM_ROWS("weka.classifiers.functions.Logistic", "m_ReplaceMissingValues",
        "m_AttFilter", "m_NominalToBinary", "m_structure", "m_ClassIndex", "m_NumClasses",
        "m_NumPredictors", "m_Data", "m_LL", "m_Par"),
    /** J48 trained from the rows ({@link ProductJ48}, {@link PairListJ48}). */
    J48_FROM_ROWS("weka.classifiers.trees.J48", "m_root",
        "weka.classifiers.trees.j48.ClassifierTree", "m_localModel", "m_isLeaf", "m_isEmpty",
        "m_train", "m_sons", "weka.classifiers.trees.j48.ClassifierSplitModel",
        "m_numSubsets", "weka.classifiers.trees.j48.C45Split", "m_complexityIndex",
        "m_splitPoint", "m_infoGain", "m_gainRatio", "m_index"),
    /** SMO's machine written from the differences solver ({@link DifferenceSvm}). */
    SMO_FROM_DIFFERENCES("weka.classifiers.functions.SMO", "m_classifiers", "m_Missing",
        "m_NominalToBinary", "m_Filter", "m_classIndex", "m_classAttribute",
        "m_KernelIsLinear", "weka.classifiers.functions.SMO$BinarySMO", "m_sparseWeights",
        "m_sparseIndices", "m_b", "m_data", "m_nEvals"),
    /** SMO's additive form ({@link AdditiveTournament}). */
    SMO_ADDITIVE("weka.classifiers.functions.SMO", "m_KernelIsLinear", "m_classifiers",
        "m_classIndex", "m_Missing", "m_NominalToBinary", "m_Filter",
        "weka.classifiers.functions.SMO$BinarySMO", "m_weights", "m_sparseWeights",
        "m_sparseIndices", "m_b"),
    /** Logistic's additive form ({@link AdditiveTournament}). */
    LOGISTIC_ADDITIVE("weka.classifiers.functions.Logistic", "m_ReplaceMissingValues",
        "m_AttFilter", "m_NominalToBinary", "m_ClassIndex"),
    /** NaiveBayes' additive form ({@link AdditiveTournament}). */
    NAIVE_BAYES_ADDITIVE("weka.classifiers.bayes.NaiveBayes", "m_UseDiscretization",
        "m_ClassDistribution", "m_Distributions", "m_Instances"),
    /** J48's tree flattened for scoring and the tree tournament ({@link FlatTree}). */
    J48_FLATTENED("weka.classifiers.trees.J48", "m_root",
        "weka.classifiers.trees.j48.ClassifierTree", "m_isEmpty"),
    /** REPTree's tree flattened for scoring and the tree tournament ({@link FlatTree}). */
    REPTREE_FLATTENED("weka.classifiers.trees.REPTree", "m_zeroR", "m_Tree",
        "weka.classifiers.trees.REPTree$Tree", "m_Attribute", "m_ClassProbs",
        "m_Successors", "m_SplitPoint");

    /** Each needed member's key, {@code full.ClassName.member}. */
    private final String[] m_Needs;

    /**
     * A path that needs these members.
     *
     * @param needs class names (with a dot), each followed by its members
     */
    Path(String... needs) {
      List<String> keys = new ArrayList<>();
      String owner = null;
      for (String need : needs) {
        if (need.contains(".")) {
          owner = need;
        } else {
          keys.add(owner + "." + need);
        }
      }
      m_Needs = keys.toArray(new String[0]);
    }

    /**
     * Why this path cannot be taken in this WEKA, or null when all it needs
     * is there.
     *
     * @return the missing members and WEKA's version, in words, or null
     */
    public String declined() {
      List<String> missing = new ArrayList<>();
      for (String key : m_Needs) {
        if (!MEMBERS.containsKey(key)) {
          missing.add(shortName(key));
        }
      }
      return missing.isEmpty() ? null : "WEKA " + Version.VERSION + " has no "
          + String.join(", ", missing) + ", which this path reads; it was written against "
          + "WEKA " + WRITTEN_AGAINST;
    }
  }

  /** Every needed member this WEKA has, made accessible, by key. */
  private static final Map<String, AccessibleObject> MEMBERS = new HashMap<>();

  static {
    Set<String> hidden = new HashSet<>(Arrays.asList(
        System.getProperty(HIDE_PROPERTY, "").split("\\s*,\\s*")));
    for (Path path : Path.values()) {
      for (String key : path.m_Needs) {
        if (!MEMBERS.containsKey(key) && !hidden.contains(shortName(key))) {
          AccessibleObject member = lookUp(key);
          if (member != null) {
            MEMBERS.put(key, member);
          }
        }
      }
    }
  }

  private WekaInternals() {
  }

  /** The member a key names, accessible, or null where this WEKA lacks it. */
  private static AccessibleObject lookUp(String key) {
    int dot = key.lastIndexOf('.');
    String member = key.substring(dot + 1);
    try {
      Class<?> owner = Class.forName(key.substring(0, dot));
      AccessibleObject found = member.endsWith("()")
          ? owner.getDeclaredMethod(member.substring(0, member.length() - 2))
          : owner.getDeclaredField(member);
      found.setAccessible(true);
      return found;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null; // no such class or member, or the module system refuses it
    }
  }

  /** {@code SMO$BinarySMO.m_b} for {@code weka.classifiers.functions.SMO$BinarySMO.m_b}. */
  private static String shortName(String key) {
    String owner = key.substring(0, key.lastIndexOf('.'));
    return key.substring(owner.lastIndexOf('.') + 1);
  }

  /** The member, which a path that did not decline needs. */
  private static AccessibleObject member(Class<?> owner, String name) {
    AccessibleObject member = MEMBERS.get(owner.getName() + "." + name);
    if (member == null) {
      throw new IllegalStateException("WEKA " + Version.VERSION + " has no "
          + owner.getName() + "." + name + " (or it is not among WekaInternals' paths): "
          + "a fast path read it without asking WekaInternals.Path.declined()");
    }
    return member;
  }

  /**
   * A private field's value.
   *
   * @param owner the class that declares it
   * @param of the object, or null for a static field
   * @param name the field's name
   * @return its value
   * @throws IllegalAccessException if the JVM refuses the access
   */
  public static Object get(Class<?> owner, Object of, String name)
      throws IllegalAccessException {
    return ((Field) member(owner, name)).get(of);
  }

  /**
   * Sets a private field WEKA gives no setter for.
   *
   * @param owner the class that declares it
   * @param of the object
   * @param name the field's name
   * @param value its new value (a primitive's boxed)
   * @throws IllegalAccessException if the JVM refuses the access
   */
  public static void set(Class<?> owner, Object of, String name, Object value)
      throws IllegalAccessException {
    ((Field) member(owner, name)).set(of, value);
  }

  /**
   * Calls a private method that takes nothing.
   *
   * @param owner the class that declares it
   * @param of the object
   * @param name the method's name, without parentheses
   * @return what it returns
   * @throws ReflectiveOperationException if the JVM refuses the call, or
   *     the method throws (wrapped)
   */
  public static Object call(Class<?> owner, Object of, String name)
      throws ReflectiveOperationException {
    return ((Method) member(owner, name + "()")).invoke(of);
  }

  /**
   * A private field WEKA gives no setter for, for a path that sets it on
   * many objects: looked up once, where {@link #set} looks it up each call.
   *
   * @param owner the class that declares it
   * @param name the field's name
   * @return the field, made accessible
   */
  public static Field field(Class<?> owner, String name) {
    return (Field) member(owner, name);
  }

  /**
   * A private method that takes nothing, for a path that calls it on many
   * objects: looked up once, where {@link #call} looks it up each call.
   *
   * @param owner the class that declares it
   * @param name the method's name, without parentheses
   * @return the method, made accessible
   */
  public static Method method(Class<?> owner, String name) {
    return (Method) member(owner, name + "()");
  }
}
