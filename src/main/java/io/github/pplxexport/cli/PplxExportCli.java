package io.github.pplxexport.cli;
public class PplxExportCli { public static void main(String[] a) {} }
