/*
 * Copyright (C) 2026 the weka-ranking authors. GPL-3.0-or-later.
 */
package weka.classifiers.meta.rankingreduction;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An option with a value the method cannot take, or data the method cannot
 * use: the one form in which {@code RankingReduction} refuses, so that a
 * caller (the Python bridge) can name the option in its own words.
 *
 * <p>The message names the option as both of WEKA's faces do, the field
 * the GUI shows and the flag of the command line, then the value and the
 * reason ({@code numIterations (-I) 0: must be >= 1}); or it is the reason
 * alone, for data without a guilty option.
 */
public class OptionException extends IllegalArgumentException {

  private static final long serialVersionUID = -6012573342259163419L;

  /**
   * Each flag's field as WEKA's GUI names it: the meta-classifier's bean
   * property (a test holds this to the class's options and properties).
   */
  public static final Map<String, String> PROPERTIES = new LinkedHashMap<>();

  static {
    String[] pairs = {
      "-P", "pairsPerInstance", "-R", "ranker", "-ties", "ties", "-rank-first", "rankFirst",
      "-G", "groupAttribute", "-reference-size", "referenceSize",
      "-no-additive", "additiveTournament", "-top-half", "shareThreshold",
      "-sum-order", "sumOrder", "-pair-features", "pairFeatures", "-pair-order", "pairOrder",
      "-smo-solver", "smoSolver", "-S", "seed", "-num-slots", "numExecutionSlots",
      "-I", "numIterations", "-W", "classifier",
      "-one-order", "oneOrder", "-positions", "positions", "-first-element", "firstElement",
    };
    for (int i = 0; i < pairs.length; i += 2) {
      PROPERTIES.put(pairs[i], pairs[i + 1]);
    }
  }

  private final String m_Flag;
  private final String m_Value;
  private final String m_Reason;

  /**
   * @param flag the option, as on the command line ({@code -I}), or null for the data
   * @param value the value refused, as on the command line
   * @param reason what the option takes instead, or what is wrong with the data
   */
  public OptionException(String flag, String value, String reason) {
    super(flag == null ? reason : named(flag) + " " + value + ": " + reason);
    m_Flag = flag;
    m_Value = value;
    m_Reason = reason;
  }

  /**
   * An option as both faces name it: the GUI's field and the command line's flag.
   *
   * @param flag the flag, e.g. {@code -I}
   * @return e.g. {@code numIterations (-I)}; the flag alone when the GUI shows no such field
   */
  public static String named(String flag) {
    String property = PROPERTIES.get(flag);
    return property == null ? flag : property + " (" + flag + ")";
  }

  /**
   * Data the method cannot use, whatever the options.
   *
   * @param reason what is wrong with the data
   * @return the exception
   */
  public static OptionException ofData(String reason) {
    return new OptionException(null, null, reason);
  }

  /**
   * The option refused.
   *
   * @return the flag ({@code -I}), or null when the data is at fault
   */
  public String getFlag() {
    return m_Flag;
  }

  /**
   * The value refused.
   *
   * @return the value as on the command line, or null when the data is at fault
   */
  public String getValue() {
    return m_Value;
  }

  /**
   * Why the option or the data is refused.
   *
   * @return what the option takes instead, or what is wrong with the data
   */
  public String getReason() {
    return m_Reason;
  }
}
